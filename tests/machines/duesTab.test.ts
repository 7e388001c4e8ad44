// The Dues tab's machine keeps its children in step (issue 14, D146-D151): the month moves the
// dues and the chart; a due settled, paid another way or waived reloads the dues and the chart;
// a reminder reloads the dues and the log; the CSV is the month shown; a 401 anywhere ends it.
import { describe, expect, it } from 'vitest';
import { monthDays } from '../../src/domain/feePlans';
import { AARAV_DUE, JANUARY, duesPage, startDuesTab, type DuesTabWorld } from './duesTab.fakes';
import { flush, http } from './loginFakes';

/** How many times each list was fetched, and with which filter last. */
const fetched = (w: DuesTabWorld) => ({
  dues: [w.dues.calls.length, w.dues.last().input.filter],
  months: [w.months.calls.length, w.months.last().input.filter],
  reminders: w.reminders.calls.length,
});

async function loaded() {
  const tab = startDuesTab();
  tab.world.dues.last().resolve(duesPage(JANUARY));
  await flush();
  return { ...tab, child: tab.actor.getSnapshot().children };
}

describe('the dues tab', () => {
  it("loads the month's dues, its chart and the log, once each", () => {
    const { world } = startDuesTab();
    expect(fetched(world)).toEqual({ dues: [1, JANUARY], months: [1, JANUARY], reminders: 1 });
    expect(world.fetchSettings.calls).toHaveLength(1);
  });

  it('Previous and Next move the dues and the chart; the log stays', () => {
    const { world, actor } = startDuesTab();
    actor.send({ type: 'month.shift', by: -1 });
    expect(actor.getSnapshot().context.month).toBe('2024-12');
    expect(fetched(world)).toEqual({ dues: [2, '2024-12'], months: [2, '2024-12'], reminders: 1 });
    actor.send({ type: 'month.shift', by: 1 });
    actor.send({ type: 'month.shift', by: 1 });
    expect(fetched(world)).toEqual({ dues: [4, '2025-02'], months: [4, '2025-02'], reminders: 1 });
  });

  it('Paid in cash records the cash, then reloads the dues and the chart, not the log', async () => {
    const { world, child } = await loaded();
    child.cash!.send({
      type: 'cash.open',
      studentId: AARAV_DUE.studentId,
      student: AARAV_DUE.studentName,
      payerPhone: AARAV_DUE.payerPhone,
      amount: 50_000,
      owed: AARAV_DUE.studentOwes,
      today: '2025-01-20',
    });
    child.cash!.send({ type: 'cash.save' });
    expect(world.cash.last().input).toEqual({
      studentId: 3,
      body: { amount: 500, received_on: '2025-01-20', note: null },
    });
    world.cash.last().resolve({
      id: 1,
      number: 'CASH-1',
      tutor_name: 'Asha',
      student_name: AARAV_DUE.studentName,
      amount: 500,
      received_on: '2025-01-20',
      note: null,
      dues: [{ due_id: 12, plan_name: AARAV_DUE.planName, period: '2025-01', applied: 500 }],
    });
    await flush();
    expect(fetched(world)).toEqual({ dues: [2, JANUARY], months: [2, JANUARY], reminders: 1 });
  });

  it('Remind all overdue reloads the dues and the log once it went', async () => {
    const { world, child } = await loaded();
    child.remindAll!.send({ type: 'remindAll.ask' });
    child.remindAll!.send({ type: 'remindAll.yes' });
    world.remindAll.last().resolve({ sent: 2, skipped: 1, already: 0 });
    await flush();
    expect(fetched(world)).toEqual({ dues: [2, JANUARY], months: [1, JANUARY], reminders: 2 });
  });

  it('a refused Waive (the due moved on) reloads them too', async () => {
    const { world, child } = await loaded();
    child.waive!.send({ type: 'confirm.ask', id: '12' });
    child.waive!.send({ type: 'confirm.yes' });
    world.waive.last().reject(http(409, 'This due is already settled.'));
    await flush();
    expect(child.waive!.getSnapshot().context.error).toBe('This due is already settled.');
    expect(fetched(world)).toEqual({ dues: [2, JANUARY], months: [2, JANUARY], reminders: 1 });
  });

  it("Remind asks for the student's reminder, then reloads the dues and the log", async () => {
    const { world, child } = await loaded();
    child.remind!.send({ type: 'confirm.ask', id: String(AARAV_DUE.studentId) });
    child.remind!.send({ type: 'confirm.yes' });
    expect(world.remind.last().input).toEqual({ id: '3' });
    world.remind.last().resolve();
    await flush();
    expect(fetched(world)).toEqual({ dues: [2, JANUARY], months: [1, JANUARY], reminders: 2 });
  });

  it('Paid another way, with its note, reloads the dues and the chart', async () => {
    const { world, child } = await loaded();
    const other = child.settleOther!;
    other.send({ type: 'settle.ask', dueId: 12, student: 'Aarav Sharma', amount: 200_000 });
    other.send({ type: 'settle.note', value: ' Bank transfer ' });
    other.send({ type: 'settle.confirm' });
    expect(world.settleOther.last().input).toEqual({ id: 12, note: 'Bank transfer' });
    world.settleOther.last().resolve();
    await flush();
    expect(fetched(world)).toEqual({ dues: [2, JANUARY], months: [2, JANUARY], reminders: 1 });
  });

  it('the CSV is the month shown, saved as the server names it', async () => {
    const { world, actor } = startDuesTab();
    actor.send({ type: 'month.shift', by: 1 });
    actor.send({ type: 'dues.export' });
    expect(world.exportFile.last().input).toEqual(monthDays('2025-02'));
    const file = { fileName: 'tuitionpay-dues-2025-02-01-to-2025-02-28.csv', blob: new Blob([]) };
    world.exportFile.last().resolve(file);
    await flush();
    expect(world.saved).toEqual([file]);
  });

  it.each([
    ['the dues', (w: DuesTabWorld) => w.dues.last().reject(http(401))],
    ['the log', (w: DuesTabWorld) => w.reminders.last().reject(http(401))],
    ['the settings', (w: DuesTabWorld) => w.fetchSettings.last().reject(http(401))],
  ])('a 401 from %s ends the tab, and every child with it', async (_, expire) => {
    const { world, actor } = startDuesTab();
    expire(world);
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().value).toBe('unauthorized');
    expect(actor.getSnapshot().children).toEqual({});
  });

  it("a 401 from a due's link ends the tab too", async () => {
    const { world, child, actor } = await loaded();
    child.link!.send({ type: 'link.open', dueId: 12, student: 'Aarav Sharma' });
    world.link.last().reject(http(401));
    await flush();
    expect(actor.getSnapshot().value).toBe('unauthorized');
  });
});
