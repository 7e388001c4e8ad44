import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Container, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { messages, PRODUCT_NAME } from '../../domain/messages';
import classes from './PublicLayout.module.css';
import type { policyTexts } from '../../domain/publicPageTexts';

export type PolicyKind = keyof typeof policyTexts;

/** A tutor's policy pages, in the footer's order (spec §2), with their path segment. */
export const POLICY_PAGES: readonly { kind: PolicyKind; slug: string }[] = [
  { kind: 'privacyPolicy', slug: 'privacy-policy' },
  { kind: 'termsOfUse', slug: 'terms-of-use' },
  { kind: 'refundPolicy', slug: 'refund-policy' },
  { kind: 'pricing', slug: 'pricing' },
  { kind: 'contactPolicy', slug: 'contact-policy' },
];

/** '/asha-verma/terms-of-use' */
export function policyPath(username: string, kind: PolicyKind): string {
  const page = POLICY_PAGES.find((p) => p.kind === kind);
  return `/${username}/${page?.slug ?? ''}`;
}

/** The product line, and a tutor's policy links when the page belongs to a tutor. */
export function PublicFooter({ username }: { username?: string | undefined }) {
  return (
    <footer className={classes.footer}>
      <Container size="md" py="lg">
        <Stack gap="sm">
          {username && (
            <nav aria-label={messages.publicPages.policiesNav} className={classes.footerLinks}>
              {POLICY_PAGES.map(({ kind }) => (
                <Link key={kind} to={policyPath(username, kind)}>
                  {messages.footer[kind]}
                </Link>
              ))}
            </nav>
          )}
          <Text size="sm" c="dimmed">
            {messages.publicPages.footerNote(PRODUCT_NAME)}
          </Text>
        </Stack>
      </Container>
    </footer>
  );
}
