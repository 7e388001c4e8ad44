// Each role's login page: where a logout, or a session found gone, ends.
import type { UserRole } from '../../src/domain/constants';

export const LOGIN_PATHS = {
  student: '/student/login',
  teacher: '/tutor/login',
} as const satisfies Record<UserRole, string>;

export const STUDENT_LOGIN_PATH = LOGIN_PATHS.student;
export const TUTOR_LOGIN_PATH = LOGIN_PATHS.teacher;
