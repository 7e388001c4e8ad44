// Reading a tutor's student CSV (issue 14): the columns are found by their names in the first
// row, in any order and case ('Parent phone', 'parent_phone', D241: 'Father Mobile', 'कक्षा');
// name and phone are required, parent name, parent phone, batch and plan may be left out. Rows are numbered as a
// spreadsheet shows them (the header is row 1), so an error points at the row to fix.
import { coded } from '../../domain/texts';
import { parse } from 'csv-parse/sync';
import { STUDENT_IMPORT_MAX_ROWS } from '../../domain/constants';
import {
  STUDENT_CSV_COLUMNS,
  studentCsvColumn,
  type StudentCsvColumn,
} from '../../domain/csvColumns';
import type { StudentInput } from '../../domain/students';
import { refuse, success, type Result } from './results';
import { studentsTexts } from '../../domain/studentsTexts';

type Column = StudentCsvColumn;
const REQUIRED: Column[] = ['name', 'phone'];

export interface CsvStudentRow extends StudentInput {
  /** The row's number in the spreadsheet (the header is row 1). */
  row: number;
  /** The fee plan the row names, if any. */
  plan: string;
}

export function readStudentCsv(text: string): Result<CsvStudentRow[], 400> {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      trim: true,
    }) as string[][];
  } catch {
    return refuse(400, coded(studentsTexts).api.csvUnreadable);
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map(studentCsvColumn);
  if (!REQUIRED.every((column) => columns.includes(column))) {
    return refuse(400, coded(studentsTexts).api.csvHeader(STUDENT_CSV_COLUMNS.join(', ')));
  }
  const filled = rows.filter((cells) => cells.some((cell) => cell !== ''));
  if (filled.length === 0) return refuse(400, coded(studentsTexts).api.csvEmpty);
  if (filled.length > STUDENT_IMPORT_MAX_ROWS)
    return refuse(400, coded(studentsTexts).api.csvTooMany);
  return success(
    rows.flatMap((cells, index) => {
      if (cells.every((cell) => cell === '')) return [];
      const cell = (column: Column) => cells[columns.indexOf(column)] ?? '';
      return [
        {
          row: index + 2,
          name: cell('name'),
          phone: cell('phone'),
          parent_name: cell('parent name'),
          parent_phone: cell('parent phone'),
          batch: cell('batch'),
          plan: cell('plan'),
        },
      ];
    }),
  );
}
