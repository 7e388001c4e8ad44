// Issue 14: students, fee plans and dues are a tutor's; a student asking gets a 403.
import { coded } from '../../domain/texts';
import { studentsTexts } from '../../domain/studentsTexts';
import type { UserRow } from '../db/schema';
import { refuse, type Refusal } from './results';

/** The 403 for anyone but a tutor, or null. */
export const tutorOnly = (caller: UserRow): Refusal<403> | null =>
  caller.role === 'teacher' ? null : refuse(403, coded(studentsTexts).api.onlyTutors);
