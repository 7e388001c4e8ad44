// Issue 14: the texts of a tutor's students, apart from dashboardTexts and apiMessages because
// only the Students tab (a lazy panel) and the server need them, not any first paint: the
// tab's words, and the API's refusals (D141).
import {
  BATCH_MAX_LENGTH,
  DUE_DAY_MAX,
  FEE_PLAN_NAME_MAX_LENGTH,
  INSTALMENTS_MAX,
  INSTALMENTS_MIN,
  STUDENT_IMPORT_MAX_ROWS,
} from './constants';
import { REMINDER_DAY_RANGE, REMINDER_DAYS_MAX } from './reminders';

/** A due's status in words: the Dues tab and the ledger's CSV say the same. */
const DUE_STATUSES = {
  open: 'Open',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  waived: 'Waived',
  overdue: 'Overdue',
} as const;

export const studentsTexts = {
  title: 'Your students',
  intro: 'Students who paid you are here already. Add the others to collect their fees.',
  empty: 'No students yet. Add one below.',
  loadFailed: 'Your students could not be loaded.',
  columns: {
    name: 'Name',
    phone: 'Phone',
    parent: 'Parent who pays',
    batch: 'Batch',
  },
  paidYou: 'Paid you',
  addTitle: 'Add a student',
  fields: {
    name: "Student's name",
    phone: "Student's phone",
    parent_name: "Parent's name (optional)",
    parent_phone: "Parent's phone (optional)",
    batch: 'Batch (optional)',
  },
  parentHint: 'If a parent pays, reminders and payment links go to their phone.',
  add: 'Add student',
  added: (name: string) => `${name} is in your students now.`,
  /** Adding many students from a CSV file (D144). */
  import: {
    title: 'Add many from a CSV file',
    hint: "One row per student. Name the columns in the first row: name, phone, parent name, parent phone, batch, plan (name and phone are needed; a plan is the name of a batch's fee plan).",
    file: 'CSV file',
    checking: 'Checking the file…',
    ready: (rows: number) =>
      rows === 1 ? '1 student is ready to add.' : `${rows} students are ready to add.`,
    problems: (rows: number) =>
      rows === 1 ? '1 row has a problem:' : `${rows} rows have problems:`,
    problem: (row: number, message: string) => `Row ${row}: ${message}`,
    nothingValid: 'No row can be added: fix the file and choose it again.',
    importAll: (rows: number) => (rows === 1 ? 'Add 1 student' : `Add ${rows} students`),
    importValid: (rows: number) =>
      rows === 1 ? 'Add the 1 valid row only' : `Add the ${rows} valid rows only`,
    importing: 'Adding students…',
    imported: (rows: number) => (rows === 1 ? '1 student added.' : `${rows} students added.`),
    skipped: (rows: number) => (rows === 1 ? '1 row was left out.' : `${rows} rows were left out.`),
    another: 'Choose another file',
  },
  /** What the API says of a fee plan (D145). */
  plans: {
    nameRequired: 'Give the plan a name',
    nameTooLong: `Use at most ${FEE_PLAN_NAME_MAX_LENGTH} characters for the plan's name`,
    target: 'Choose one student or one batch for the plan',
    noStudent: 'This student is not in your students',
    amountRequired: 'Enter the fee',
    dueDay: `Choose a due day from 1 to ${DUE_DAY_MAX}`,
    startMonth: 'Choose the month the plan starts (YYYY-MM)',
    startPast: 'A plan cannot start before this month',
    dueDate: 'Choose the due date (YYYY-MM-DD)',
    duePast: 'A due date cannot be in the past',
    instalmentCount: `Split the fee into ${INSTALMENTS_MIN} to ${INSTALMENTS_MAX} instalments`,
    instalmentOrder: 'Put the instalments in date order, one per date',
    notForKind: (field: string, kind: string) => `${field} is not used by a ${kind} plan`,
    partialMinimum: 'The smallest part payment must be less than the smallest due',
    reminderDays: `Choose up to ${REMINDER_DAYS_MAX} reminder days, in order, from ${-REMINDER_DAY_RANGE.from} days before the due date to ${REMINDER_DAY_RANGE.to} days after`,
    duplicate: (name: string) => `You already have a running plan named '${name}'`,
    notFound: 'This fee plan does not exist.',
    ended: 'This fee plan has ended already.',
  },
  /** What the API says of a due (D146). */
  dues: {
    notFound: 'This due does not exist.',
    closed: 'This due is paid or waived already.',
    notOpen: 'These dues are paid or waived already, or are not yours to pay.',
    cannotAccept: 'This tutor cannot accept payments yet.',
    onlyStudents: 'Only students and parents have dues to pay',
    oneTutor: 'Pay the dues of one tutor at a time',
    /** The ledger's CSV columns and words (D149). */
    csv: {
      dueDate: 'Due date',
      student: 'Student',
      phone: 'Student phone',
      plan: 'Plan',
      period: 'Period',
      amount: 'Amount (INR)',
      paid: 'Paid (INR)',
      left: 'Left (INR)',
      status: 'Status',
      settledBy: 'Settled by',
      note: 'Note',
      statuses: DUE_STATUSES,
      settledHow: { cash: 'Cash', other: 'Other', waived: 'Waived' },
    },
  },
  /** 'My dues' on the student dashboard (D147): what a student or parent owes, by tutor. */
  myDues: {
    title: 'My dues',
    intro: 'Fees your tutors have asked for, oldest first. Pay all of one tutor in one payment.',
    loadFailed: 'Your dues could not be loaded.',
    due: (date: string) => `Due ${date}`,
    overdue: 'Overdue',
    forStudent: (name: string) => `For ${name}`,
    payAll: (amount: string) => `Pay ${amount}`,
    payAllAria: (amount: string, tutor: string) => `Pay ${amount} to ${tutor}`,
    payOne: 'Pay only this',
    payOneAria: (what: string) => `Pay only ${what}`,
    confirmTitle: 'Pay your dues',
    confirmQuestion: (amount: string, tutor: string) =>
      `Pay ${amount} to ${tutor}? You choose card or UPI next.`,
    confirmYes: 'Continue',
    keep: 'Not now',
    close: 'Close',
  },
  /** The tutor's Dues tab (D146-D149). */
  duesTab: {
    title: 'Dues',
    intro:
      "What your students owe this month. Reminders go out on their own on each plan's days (by default 3 days before the due day, on it, and 3 and 7 days after).",
    previous: 'Previous month',
    next: 'Next month',
    monthLabel: 'Month shown',
    figures: {
      expected: 'Expected',
      collected: 'Collected',
      outstanding: 'Outstanding',
      overdue: 'Overdue',
    },
    overdueCount: (n: number) => (n === 1 ? '1 due' : `${n} dues`),
    carried: (amount: string) => `Earlier months left ${amount} unpaid.`,
    loadFailed: 'Your dues could not be loaded.',
    empty: 'No dues fall in this month. Dues appear once a fee plan makes them.',
    columns: {
      student: 'Student',
      plan: 'Plan',
      dueDate: 'Due date',
      amount: 'Amount',
      left: 'Left to pay',
      status: 'Status',
      actions: 'Actions',
    },
    statuses: DUE_STATUSES,
    paidCash: 'Paid in cash',
    waive: 'Waive',
    remind: 'Remind',
    actionAria: (action: string, student: string) => `${action}: ${student}`,
    settleTitle: 'Mark as paid in cash',
    settleQuestion: (student: string, amount: string) =>
      `Mark ${student}'s ${amount} as paid in cash? No money moves in the app.`,
    settleYes: 'Mark paid',
    settled: 'The due is marked paid.',
    waiveTitle: 'Waive this due',
    waiveQuestion: (student: string, amount: string) =>
      `Waive ${student}'s ${amount}? They will owe nothing more for it.`,
    waiveYes: 'Waive',
    waived: 'The due is waived.',
    remindTitle: 'Send a reminder now',
    remindQuestion: (student: string) =>
      `Text a reminder now to whoever pays for ${student}, with a payment link? It counts as today's one reminder.`,
    remindYes: 'Send reminder',
    reminded: 'The reminder is on its way.',
    keep: 'Not now',
    close: 'Close',
    chart: {
      title: 'Last 6 months',
      loadFailed: 'The last months could not be loaded.',
      empty: 'No dues in these months.',
      collectedOf: (collected: string, expected: string) => `${collected} of ${expected}`,
      aria: (month: string, collected: string, expected: string) =>
        `${month}: ${collected} collected of ${expected} expected`,
    },
    exportCsv: 'Download CSV',
    exporting: 'Preparing the CSV…',
    exported: (file: string) => `Saved ${file}.`,
    log: {
      title: 'Reminders sent',
      empty: 'No reminders yet.',
      loadFailed: 'The reminders could not be loaded.',
      columns: { day: 'Day', payer: 'To', channel: 'By', amount: 'Amount', status: 'Status' },
      channels: { whatsapp: 'WhatsApp', sms: 'SMS' },
      whatsappFailed: (reason: string) => `WhatsApp could not deliver (${reason}); sent by SMS`,
      statuses: {
        queued: 'Sending',
        sent: 'Sent',
        delivered: 'Delivered',
        failed: 'Failed',
        skipped: 'Skipped',
      },
      skipped: {
        opted_out: 'replied STOP',
        cannot_accept_payments: 'you cannot accept payments yet',
      },
      stopped: (names: string) => `No reminders go to: ${names} (they replied STOP).`,
    },
    /** D151: how reminders go. */
    settings: {
      title: 'Reminder settings',
      automatic: "Send reminders on each plan's days",
      automaticHint: 'Off: only the reminders you send with Remind go out.',
      channel: 'Send by',
      channels: {
        whatsapp: "WhatsApp (by SMS when the number can't get WhatsApp)",
        sms: 'SMS only',
      },
      save: 'Save settings',
      saved: 'Saved. The next reminders follow these settings.',
      loadFailed: 'Your reminder settings could not be loaded.',
      retry: 'Try again',
    },
  },
  /** Fee reminders (D148): the text a payer reads, and what the API says. */
  reminders: {
    sms: (tutor: string, amount: string, purpose: string, url: string) =>
      `Fee reminder from ${tutor}: Rs ${amount} for ${purpose}. Pay at ${url} Reply STOP to stop reminders.`,
    outsideHours: 'Reminders go out between 9:00 and 21:00 IST. Send it then.',
    nothingDue: 'This student has no open dues to remind about.',
    alreadyToday: 'This payer had a reminder from you today already.',
    optedOut: 'This payer replied STOP: they get no reminders.',
  },
  /** What the API says of a student or a CSV row. */
  api: {
    nameRequired: "Enter the student's name",
    parentPhoneRequired: "Enter the parent's phone number",
    batchTooLong: `Use at most ${BATCH_MAX_LENGTH} characters for the batch`,
    duplicate: 'This phone number is already in your students',
    duplicateInFile: (row: number) => `This phone number is also on row ${row}`,
    noPlan: (plan: string) => `You have no running fee plan named '${plan}'`,
    planForOne: (plan: string) => `'${plan}' is one student's plan: name a batch's plan`,
    planOtherBatch: (plan: string, batch: string) => `'${plan}' is the plan of batch '${batch}'`,
    csvEmpty: 'The file has no students. Add one row per student under the column names.',
    csvTooMany: `A file can bring at most ${STUDENT_IMPORT_MAX_ROWS.toLocaleString('en-IN')} students`,
    csvHeader: (columns: string) => `The first row must name the columns: ${columns}`,
    csvUnreadable:
      'This file is not a CSV we can read. Save it from your spreadsheet as CSV (UTF-8).',
    importInvalid: (rows: number) =>
      rows === 1
        ? '1 row has a problem: fix it or import only the valid rows'
        : `${rows} rows have problems: fix them or import only the valid rows`,
    onlyTutors: 'Only tutors keep a list of students',
  },
} as const;
