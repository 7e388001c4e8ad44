// The marketing pages of D23, sharing the public header and footer. Honest copy only: no
// invented tutors, people or quotes.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Anchor, Button, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages, PRODUCT_NAME } from '../../../domain/messages';
import { isReservedUsername, isValidUsernameShape } from '../../../domain/usernames';
import { POLICY_PAGES } from '../../components/PublicFooter';
import { PublicLayout } from '../../components/PublicLayout';
import { marketingTexts } from '../../../domain/publicPageTexts';

const m = marketingTexts;

/**
 * The username in what was typed: a username, or a pasted profile link
 * ('https://…/asha-verma', '…/asha-verma/pricing', '…/static-link/asha-verma'), lower-cased
 * (D30). An error message when no tutor can have it.
 */
export function usernameFromInput(text: string): { username: string } | { error: string } {
  const segments = (text.trim().split(/[?#]/)[0] ?? '').split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const isPolicy = POLICY_PAGES.some((p) => p.slug === last.toLowerCase());
  const username = (isPolicy && segments.length > 1 ? segments.at(-2)! : last).toLowerCase();
  if (!isValidUsernameShape(username)) return { error: messages.validation.username };
  if (isReservedUsername(username)) return { error: m.tutors.notATutor };
  return { username };
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicLayout>
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </PublicLayout>
  );
}

/** /tutors. D23 wants a list of onboarded tutors; the contract has no list endpoint yet, so
 * the page opens a profile by username instead of inventing one. */
export function TutorsPage() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = usernameFromInput(text);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    void navigate(`/${read.username}`);
  };

  return (
    <Page title={messages.nav.tutors}>
      <Text>{m.tutors.intro(PRODUCT_NAME)}</Text>
      <Text>{m.tutors.noListYet}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" align="flex-start">
          <TextInput
            w="100%"
            label={m.tutors.usernameLabel}
            description={m.tutors.usernameDescription}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
          />
          <Button type="submit">{m.tutors.open}</Button>
        </Stack>
      </form>
    </Page>
  );
}

/** /why-choose-us: what the product does, in facts (spec §1, §9; D5, D6). */
export function WhyChooseUsPage() {
  return (
    <Page title={messages.nav.whyChooseUs}>
      <Text>{m.whyChooseUs.intro(PRODUCT_NAME)}</Text>
      {m.whyChooseUs.points.map((point) => (
        <Stack key={point.title} gap={4} component="section">
          <Title order={2} size="h4">
            {point.title}
          </Title>
          <Text>{point.body}</Text>
        </Stack>
      ))}
    </Page>
  );
}

/** /testimonials: none yet, said plainly, and what a student can expect instead. */
export function TestimonialsPage() {
  return (
    <Page title={messages.nav.testimonials}>
      <Text>{m.testimonials.none}</Text>
      <Text>{m.testimonials.promise}</Text>
      <Stack gap="xs" component="section">
        <Title order={2} size="h4">
          {m.testimonials.expectTitle}
        </Title>
        <List>
          {m.testimonials.expect.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Stack>
    </Page>
  );
}

/** /contact: the product's support address; a tutor's own is on their Contact Policy. */
export function ContactPage() {
  const email = messages.publicPages.productSupportEmail;
  return (
    <Page title={messages.nav.contact}>
      <Text>
        {m.contact.intro} <Anchor href={`mailto:${email}`}>{email}</Anchor>
      </Text>
      <Text>{m.contact.tutors}</Text>
      <Text>{m.contact.payments}</Text>
    </Page>
  );
}
