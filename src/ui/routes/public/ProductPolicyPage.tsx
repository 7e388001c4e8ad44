import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { messages, PRODUCT_NAME } from '../../../domain/messages';
import { productPolicyTexts } from '../../../domain/publicPageTexts';
import { PublicLayout } from '../../components/PublicLayout';
import { PolicySections } from './PolicySections';

export type ProductPolicyKind = keyof typeof productPolicyTexts;

/**
 * /terms-of-use and /privacy-policy: the product's own policies, which the student login's
 * consent line links to. No tutor is looked up; the product support address is shown.
 */
export function ProductPolicyPage({ kind }: { kind: ProductPolicyKind }) {
  const supportEmail = messages.publicPages.productSupportEmail;
  const sections = productPolicyTexts[kind]({ product: PRODUCT_NAME, supportEmail });
  return (
    <PublicLayout>
      <Stack gap="lg">
        <Title order={1}>{messages.footer[kind]}</Title>
        <Text>
          {messages.publicPages.support}:{' '}
          <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
        </Text>
        <PolicySections sections={sections} />
      </Stack>
    </PublicLayout>
  );
}
