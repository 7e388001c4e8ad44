// dues/ operations of the contract (issue 14, D146).
import { rupeesToPaise } from '../../domain/money';
import type { Handlers } from '../http/handler';
import { requireSession } from '../http/handler';
import { csvReply, refusal } from './replies';

export const dueHandlers = {
  async listDues({ query, auth, services }) {
    const result = await services.dues.month(requireSession(auth).user, query.month);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async settleDue({ params, body, auth, services }) {
    const result = await services.dues.settle(
      requireSession(auth).user,
      params.id,
      body.how,
      body.note ?? null,
    );
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async waiveDue({ params, body, auth, services }) {
    const result = await services.dues.waive(
      requireSession(auth).user,
      params.id,
      body.note ?? null,
    );
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async listDueMonths({ query, auth, services }) {
    const result = await services.dues.months(requireSession(auth).user, query.to);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async exportDues({ query, auth, services, request }) {
    const { user } = requireSession(auth);
    const result = await services.dues.exportCsv(user, query);
    if (!result.ok) return refusal(result);
    // D323: an export of others' data is in the trail before it leaves.
    await services.audit.record(
      services.db,
      { actorId: user.id, action: 'dues.exported' },
      request,
    );
    return csvReply(result.value);
  },

  async createDueLink({ params, auth, services }) {
    const result = await services.dueLinks.forDue(requireSession(auth).user, params.id);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async listMyDues({ auth, services }) {
    const { user } = requireSession(auth);
    const result = await services.dueLinks.mine(user);
    if (!result.ok) return refusal(result);
    // D237: and the cash the payer's tutors recorded: their receipts.
    return {
      status: 200,
      body: { ...result.value, receipts: await services.cash.receiptsOf(user) },
    };
  },

  async payMyDues({ body, auth, services }) {
    const result = await services.dueLinks.payMine(
      requireSession(auth).user,
      body.due_ids,
      body.amount === undefined ? undefined : rupeesToPaise(body.amount),
    );
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async listStudentDues({ params, auth, services, request }) {
    const { user } = requireSession(auth);
    const result = await services.dues.ofStudent(user, params.id);
    if (!result.ok) return refusal(result);
    // D323: a tutor opening a student's history is in the trail before the answer leaves.
    await services.audit.record(
      services.db,
      { actorId: user.id, action: 'student.history.read', subjectStudentId: params.id },
      request,
    );
    return { status: 200, body: result.value };
  },

  async listReminders({ auth, services }) {
    const result = await services.reminders.log(requireSession(auth).user);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async sendReminder({ body, auth, services }) {
    const result = await services.reminders.sendNow(requireSession(auth).user, body.student_id);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async remindAllOverdue({ auth, services }) {
    const result = await services.reminders.remindOverdue(requireSession(auth).user);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async getReminderSettings({ auth, services }) {
    const result = await services.reminders.settings(requireSession(auth).user);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async saveReminderSettings({ body, auth, services }) {
    const result = await services.reminders.saveSettings(requireSession(auth).user, body);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },
} satisfies Handlers;
