// Previous / Next under a paged list (machines/pagedList): sends page.goto; the machine refuses
// pages out of range.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Text } from '@mantine/core';
import { pageCount, type Page } from '../../../../../machines/pagedList/pagedList.machine';
import { dashboardTexts } from '../../../../domain/dashboardTexts';

const c = dashboardTexts.common;

export function Pager({
  data,
  loading,
  goto,
}: {
  data: Page<unknown> | null;
  loading: boolean;
  goto: (page: number) => void;
}) {
  const pages = pageCount(data);
  if (!data || pages <= 1) return null;
  return (
    <Group justify="space-between" mt="sm">
      <Button
        variant="default"
        size="xs"
        disabled={loading || data.page <= 1}
        onClick={() => goto(data.page - 1)}
      >
        {c.previous}
      </Button>
      <Text size="sm">{c.pageOf(data.page, pages)}</Text>
      <Button
        variant="default"
        size="xs"
        disabled={loading || data.page >= pages}
        onClick={() => goto(data.page + 1)}
      >
        {c.next}
      </Button>
    </Group>
  );
}
