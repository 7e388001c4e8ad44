// The student's own profile as `GET user/me/` returns it, and the two facts login and sign-up
// read from it (spec §2, §4 "Student login" 3 and 5).

export interface Me {
  first_name: string | null;
  last_name: string | null;
  pan: string | null;
  phone: string;
}

const hasText = (value: string | null | undefined): boolean => (value ?? '').trim() !== '';

/** A returning student: a PAN is on file (spec §2 'Welcome Back'; §3 "pan present means onboarded"). */
export function hasPan(me: Me): boolean {
  return hasText(me.pan);
}

/** Spec §4: a profile with PAN, phone and first name goes on to the flow; else to sign-up. */
export function isProfileComplete(me: Me): boolean {
  return hasPan(me) && hasText(me.phone) && hasText(me.first_name);
}
