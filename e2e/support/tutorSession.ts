// The onboarded demo tutor's API session (Asha, D19: tutors create payment links with their
// Bearer session). OTP requests are rate-limited per phone (D12: 30 s cooldown, 5 codes an
// hour), so the global setup logs her in ONCE per run and writes the token here; tests read it.
// A token cached by an earlier run against a reused server is kept while it still works.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PHONES } from '../../src/server/demo';

const here = dirname(fileURLToPath(import.meta.url));
/** Gitignored (e2e/.auth/.gitignore). */
export const TUTOR_SESSION_FILE = join(here, '..', '.auth', 'tutor.json');

export interface TutorSession {
  baseURL: string;
  phone: string;
  token: string;
}

export function readTutorSession(): TutorSession | null {
  if (!existsSync(TUTOR_SESSION_FILE)) return null;
  try {
    return JSON.parse(readFileSync(TUTOR_SESSION_FILE, 'utf8')) as TutorSession;
  } catch {
    return null;
  }
}

export function writeTutorSession(session: TutorSession): void {
  mkdirSync(dirname(TUTOR_SESSION_FILE), { recursive: true });
  writeFileSync(TUTOR_SESSION_FILE, JSON.stringify(session, null, 2));
}

/** The onboarded tutor's Bearer token, as the global setup left it. */
export function onboardedTutorToken(): string {
  const session = readTutorSession();
  if (!session || session.phone !== DEMO_PHONES.onboardedTutor) {
    throw new Error(`No tutor session in ${TUTOR_SESSION_FILE}: did the global setup run?`);
  }
  return session.token;
}

export interface CreatedLink {
  id: string;
  url: string;
  amount: number;
  status: string;
}

/** A dynamic payment link of the onboarded tutor, created through the API (D19). */
export async function createPaymentLink(
  request: APIRequestContext,
  body: { amount: number; purpose: string; student_phone?: string; expires_at?: string },
): Promise<CreatedLink> {
  const response = await request.post('/api/v1/payments/payment-link/create/', {
    headers: { Authorization: `Bearer ${onboardedTutorToken()}` },
    data: body,
  });
  if (response.status() !== 201) {
    throw new Error(`payment-link/create: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as CreatedLink;
}

/** Cancels one of the onboarded tutor's links through the API (issue 5). */
export async function cancelPaymentLink(request: APIRequestContext, id: string): Promise<void> {
  const response = await request.post(`/api/v1/payments/payment-link/${id}/cancel/`, {
    headers: { Authorization: `Bearer ${onboardedTutorToken()}` },
  });
  if (response.status() !== 200) {
    throw new Error(`payment-link cancel: ${response.status()} ${await response.text()}`);
  }
}
