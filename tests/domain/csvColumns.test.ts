// D241: a student CSV's columns by the headers tutors write, in English and Hindi, and those of
// our own exports (issue 48: 'Student Name, Mobile No, Father Name, Father Mobile, Class' and
// the Hindi export's headers were refused).
import { describe, expect, it } from 'vitest';
import { STUDENT_CSV_TEMPLATE, studentCsvColumn } from '../../src/domain/csvColumns';
import { apiMessages } from '../../src/domain/apiMessages';
import { readIn } from '../../src/domain/locale';

describe('D241 studentCsvColumn', () => {
  it('reads the everyday English headers of the issue', () => {
    expect(
      ['Student Name', 'Mobile No', 'Father Name', 'Father Mobile', 'Class'].map(studentCsvColumn),
    ).toEqual(['name', 'phone', 'parent name', 'parent phone', 'batch']);
  });

  it.each([
    ['name', 'name'],
    ['Parent phone', 'parent phone'],
    ['parent_phone', 'parent phone'],
    ['Mobile No.', 'phone'],
    ["Father's Mobile", 'parent phone'],
    ['WhatsApp Number', 'phone'],
    ['Std', 'batch'],
    ['नाम', 'name'],
    ['मोबाइल नंबर', 'phone'],
    ['फोन', 'phone'],
    ['पिता का नाम', 'parent name'],
    ['अभिभावक का मोबाइल', 'parent phone'],
    ['कक्षा', 'batch'],
  ])('%j is %j', (header, column) => {
    expect(studentCsvColumn(header)).toBe(column);
  });

  it('reads nothing into a column it does not know', () => {
    expect(studentCsvColumn('Fees')).toBeUndefined();
    expect(studentCsvColumn('Address')).toBeUndefined();
  });

  it("reads the payments export's student columns back, in both languages", () => {
    for (const locale of ['en', 'hi'] as const) {
      const headers = readIn(locale, () => apiMessages.paymentHistory.csvHeaders);
      expect(headers.map(studentCsvColumn).filter(Boolean)).toEqual(['name', 'phone']);
    }
  });

  it('reads its own template in both languages', () => {
    for (const [header] of Object.values(STUDENT_CSV_TEMPLATE)) {
      expect(header!.map(studentCsvColumn)).toEqual([
        'name',
        'phone',
        'parent name',
        'parent phone',
        'batch',
        'plan',
      ]);
    }
  });
});
