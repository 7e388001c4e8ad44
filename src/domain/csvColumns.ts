// D241: which column of a tutor's student CSV is which, by its header, as tutors name them in
// the sheets they keep: 'Student Name', 'Mobile No', 'Father Name', 'Father Mobile', 'Class',
// their Hindi words, and the headers of our own exports (the Dues ledger in either language),
// so a file we give out can be read back. Headers are compared without case, spaces or
// punctuation ('Mobile No.' is 'mobileno'); Devanagari is kept as written.
import type { Locale } from './locale';

export const STUDENT_CSV_COLUMNS = [
  'name',
  'phone',
  'parent name',
  'parent phone',
  'batch',
  'plan',
] as const;
export type StudentCsvColumn = (typeof STUDENT_CSV_COLUMNS)[number];

/** The headers a column goes by, as written (compared by csvHeaderKey). */
const NAMES: Record<StudentCsvColumn, readonly string[]> = {
  name: [
    'name',
    'student',
    'student name',
    "student's name",
    'name of student',
    'full name',
    'नाम',
    'छात्र',
    'छात्र का नाम',
    'विद्यार्थी',
    'विद्यार्थी का नाम',
  ],
  phone: [
    'phone',
    'mobile',
    'mobile no',
    'mobile number',
    'phone no',
    'phone number',
    'contact',
    'contact no',
    'contact number',
    'whatsapp',
    'whatsapp no',
    'whatsapp number',
    'student phone',
    'student mobile',
    "student's phone",
    'फ़ोन',
    'फोन',
    'मोबाइल',
    'मोबाइल नंबर',
    'फ़ोन नंबर',
    'छात्र का फ़ोन',
    'छात्र का मोबाइल',
  ],
  'parent name': [
    'parent name',
    'parent',
    "parent's name",
    'father name',
    "father's name",
    'father',
    'mother name',
    "mother's name",
    'mother',
    'guardian',
    'guardian name',
    'अभिभावक',
    'अभिभावक का नाम',
    'पिता का नाम',
    'माता का नाम',
  ],
  'parent phone': [
    'parent phone',
    'parent mobile',
    "parent's phone",
    'parent contact',
    'father phone',
    'father mobile',
    'father mobile no',
    "father's mobile",
    'father contact',
    'mother phone',
    'mother mobile',
    "mother's mobile",
    'guardian phone',
    'guardian mobile',
    'अभिभावक का फ़ोन',
    'अभिभावक का मोबाइल',
    'पिता का मोबाइल',
    'पिता का फ़ोन',
    'माता का मोबाइल',
  ],
  batch: [
    'batch',
    'class',
    'group',
    'section',
    'standard',
    'std',
    'grade',
    'बैच',
    'कक्षा',
    'क्लास',
    'समूह',
  ],
  plan: ['plan', 'fee plan', 'प्लान', 'फ़ीस प्लान'],
};

/** A header as it is compared: no case, no spaces or punctuation, nukta-free. */
export function csvHeaderKey(header: string): string {
  return header
    .normalize('NFC')
    .replace(/\u095E/g, '\u092B')
    .replace(/\u093C/g, '')
    .toLocaleLowerCase('en-IN')
    .replace(/\([^)]*\)/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]/gu, '');
}

const COLUMN_BY_KEY = new Map<string, StudentCsvColumn>(
  STUDENT_CSV_COLUMNS.flatMap((column) =>
    NAMES[column].map((name) => [csvHeaderKey(name), column] as const),
  ),
);

/** The column a header names, or undefined for one we do not read ('Fees', 'Address'). */
export function studentCsvColumn(header: string): StudentCsvColumn | undefined {
  return COLUMN_BY_KEY.get(csvHeaderKey(header));
}

/** The template's header row in `locale`, and an example student. */
export const STUDENT_CSV_TEMPLATE: Record<Locale, readonly (readonly string[])[]> = {
  en: [
    ['Student Name', 'Mobile No', 'Parent Name', 'Parent Mobile', 'Batch', 'Plan'],
    ['Aarav Sharma', '9876500001', 'Neha Sharma', '9876500002', 'Class 10 Maths', ''],
  ],
  hi: [
    ['छात्र का नाम', 'मोबाइल नंबर', 'अभिभावक का नाम', 'अभिभावक का मोबाइल', 'बैच', 'प्लान'],
    ['आरव शर्मा', '9876500001', 'नेहा शर्मा', '9876500002', 'कक्षा 10 गणित', ''],
  ],
};
