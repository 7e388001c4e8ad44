// A tutor's name as the public pages show it.

/** 'Asha Verma' */
export function fullName(profile: { first_name: string; last_name: string }): string {
  return `${profile.first_name} ${profile.last_name}`.trim();
}
