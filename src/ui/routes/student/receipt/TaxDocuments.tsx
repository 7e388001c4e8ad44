// A payment's tax documents under its receipt (issue 50, D265): an unregistered tutor's
// sentence that no GST is charged; a registered tutor's tax invoice; our platform fee's
// invoice; the credit notes of a refund. Each laid out from the rows the PDF prints too
// (taxDocumentSheet.ts), each on a page of its own when printed.
import '@mantine/core/styles/DataList.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { DataList, Paper, Stack, Text, Title } from '@mantine/core';
import {
  notRegisteredNote,
  taxDocumentSheet,
  type TaxDocumentView,
} from '../../../../domain/taxDocumentSheet';
import classes from './ReceiptPage.module.css';

function DocumentSheet({ document }: { document: TaxDocumentView }) {
  const sheet = taxDocumentSheet(document);
  const rows = sheet.sections.flatMap((section, s) =>
    section.map((row, r) => ({ row, key: `${s}-${r}`, first: r === 0 && s > 0 })),
  );
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-label={`${sheet.title} ${document.serial ?? ''}`.trim()}
      className={classes.document}
    >
      <Title order={2} size="h3" mb="xs">
        {sheet.title}
      </Title>
      <DataList withDivider labelWidth="45%">
        {rows.map(({ row: [label, value], key, first }) => (
          <DataList.Item key={key} mt={first ? 'xs' : undefined}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue ta="right" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
        <DataList.Item fw={700}>
          <DataList.ItemLabel>{sheet.totalRow[0]}</DataList.ItemLabel>
          <DataList.ItemValue ta="right">{sheet.totalRow[1]}</DataList.ItemValue>
        </DataList.Item>
      </DataList>
      <Stack gap={4} mt="sm">
        {sheet.notes.map((note) => (
          <Text key={note} size="xs" c="dimmed">
            {note}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

export function TaxDocuments({ documents }: { documents: readonly TaxDocumentView[] }) {
  const receipt = documents.find((d) => d.kind === 'receipt');
  return (
    <>
      {receipt ? <Text size="sm">{notRegisteredNote(receipt)}</Text> : null}
      {documents
        .filter((d) => d.kind !== 'receipt')
        .map((document) => (
          <DocumentSheet key={`${document.kind}${document.serial}`} document={document} />
        ))}
    </>
  );
}
