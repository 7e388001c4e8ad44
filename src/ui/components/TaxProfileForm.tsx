// A GST profile's form (issue 50, D267), rendering the taxProfile machine: a tutor says whether
// they are registered for GST (GSTIN, the state it names, the name on the registration, their
// address, whether their fees include GST); a payer gives the address and state their tax
// invoices carry. What is wrong with the draft shows at once, as the server would say it.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  draftProblem,
  profileChanged,
  type TaxProfileActorRef,
  type TaxProfileDraft,
} from '../../../machines/taxProfile/taxProfile.machine';
import { gstinParts, gstinProblem, normaliseGstin } from '../../domain/gstin';
import { GST_STATE_CHOICES, gstStateName } from '../../domain/gstStates';
import { TAX_ADDRESS_MAX_LENGTH } from '../../domain/taxProfile';
import { taxTexts } from '../../domain/taxTexts';
import { dashboardTexts } from '../../domain/dashboardTexts';

const t = taxTexts.profile;

const STATE_OPTIONS = [
  { value: '', label: '—' },
  ...GST_STATE_CHOICES.map((code) => ({ value: code, label: gstStateName(code) })),
];

/** 'State: Delhi (from the GSTIN)' once the GSTIN is right; null before. */
function stateFromGstin(gstin: string): string | null {
  const normalised = normaliseGstin(gstin);
  return gstinProblem(normalised) === null
    ? t.stateFromGstin(gstinParts(normalised).stateName)
    : null;
}

export function TaxProfileForm({ actor }: { actor: TaxProfileActorRef }) {
  const who = useSelector(actor, (s) => s.context.who);
  const draft = useSelector(actor, (s) => s.context.draft);
  const error = useSelector(actor, (s) => s.context.error);
  const justSaved = useSelector(actor, (s) => s.context.justSaved);
  const value = useSelector(actor, (s) => s.value);
  const changed = useSelector(actor, (s) => profileChanged(s.context));
  const problem = useSelector(actor, (s) =>
    profileChanged(s.context) ? draftProblem(s.context) : null,
  );
  const saving = value === 'saving';
  const title = who === 'teacher' ? t.title : t.billingTitle;
  const change = (fields: Partial<TaxProfileDraft>) =>
    actor.send({ type: 'profile.change', ...fields });

  const addressFields = draft ? (
    <>
      <Textarea
        label={t.address}
        value={draft.address}
        maxLength={TAX_ADDRESS_MAX_LENGTH}
        rows={3}
        disabled={saving}
        onChange={(e) => change({ address: e.currentTarget.value })}
      />
      {who === 'student' || !draft.registered ? (
        <NativeSelect
          label={t.state}
          data={STATE_OPTIONS}
          value={draft.stateCode}
          disabled={saving}
          onChange={(e) => change({ stateCode: e.currentTarget.value })}
        />
      ) : null}
    </>
  ) : null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm">{who === 'teacher' ? t.intro : t.billingIntro}</Text>
        {value === 'loadFailed' ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{error}</Text>
              <Button
                size="xs"
                variant="light"
                onClick={() => actor.send({ type: 'profile.retry' })}
              >
                {dashboardTexts.common.retry}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {draft ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'profile.save' });
            }}
          >
            <Stack gap="sm">
              {who === 'teacher' ? (
                <Switch
                  label={t.registered}
                  checked={draft.registered}
                  disabled={saving}
                  onChange={(e) =>
                    change({
                      registered: e.currentTarget.checked,
                      gstin: e.currentTarget.checked ? draft.gstin : '',
                    })
                  }
                />
              ) : null}
              {who === 'teacher' && draft.registered ? (
                <>
                  <TextInput
                    label={t.gstin}
                    description={t.gstinHint}
                    value={draft.gstin}
                    maxLength={20}
                    autoCapitalize="characters"
                    spellCheck={false}
                    disabled={saving}
                    onChange={(e) => change({ gstin: e.currentTarget.value.toUpperCase() })}
                  />
                  {stateFromGstin(draft.gstin) ? (
                    <Text size="sm">{stateFromGstin(draft.gstin)}</Text>
                  ) : null}
                  <TextInput
                    label={t.legalName}
                    description={t.legalNameHint}
                    value={draft.legalName}
                    maxLength={100}
                    disabled={saving}
                    onChange={(e) => change({ legalName: e.currentTarget.value })}
                  />
                  {addressFields}
                  <Switch
                    label={t.feeIncludesGst}
                    description={t.feeIncludesGstHint}
                    checked={draft.feeIncludesGst}
                    disabled={saving}
                    onChange={(e) => change({ feeIncludesGst: e.currentTarget.checked })}
                  />
                </>
              ) : who === 'teacher' ? (
                <>
                  <Text size="sm" c="dimmed">
                    {t.notRegistered}
                  </Text>
                  {addressFields}
                </>
              ) : (
                addressFields
              )}
              {problem ? (
                <Text size="sm" c="red.8" data-testid="profile-problem">
                  {problem}
                </Text>
              ) : null}
              {value === 'failed' ? (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              ) : null}
              <Group gap="sm">
                <Button
                  type="submit"
                  loading={saving}
                  disabled={!saving && (!changed || problem !== null)}
                >
                  {t.save}
                </Button>
                {who === 'student' && (draft.address || draft.stateCode) ? (
                  <Button
                    variant="subtle"
                    disabled={saving}
                    onClick={() => change({ address: '', stateCode: '' })}
                  >
                    {t.clearBilling}
                  </Button>
                ) : null}
                <Text size="sm" role="status">
                  {justSaved ? t.saved : ''}
                </Text>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
