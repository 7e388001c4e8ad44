// The frame of the student's payment screens (issue 13): the product's mark, then the screen in
// one narrow main column, opening with the payment's steps where the screen is one of them.
import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { PaymentSteps, type PaymentStep } from './PaymentSteps';
import { ProductBar } from './ProductBar';
import classes from './trust.module.css';

export function PaymentScreen({ step, children }: { step?: PaymentStep; children: ReactNode }) {
  return (
    <>
      <ProductBar />
      <Container size="xs" py="xl" component="main">
        {step ? (
          <div className={classes.screenSteps}>
            <PaymentSteps current={step} />
          </div>
        ) : null}
        {children}
      </Container>
    </>
  );
}
