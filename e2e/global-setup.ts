// Runs once per `playwright test`, after the web server is up: logs the onboarded demo tutor
// in through the API (one OTP, D12's per-phone limits) and leaves the token for the journeys
// (support/tutorSession.ts).
import { request, type FullConfig } from '@playwright/test';
import { DEMO_PHONES } from '../src/server/demo';
import { readTutorSession, writeTutorSession } from './support/tutorSession';
import { writeClockOffset } from '../src/server/testClock';
import { SANDBOX_URL, TEST_CLOCK_FILE } from './support/origins';

const phone = DEMO_PHONES.onboardedTutor;

async function newestCode(api: Awaited<ReturnType<typeof request.newContext>>, after: string) {
  for (let i = 0; i < 50; i += 1) {
    const entries = (await (
      await api.get(`${SANDBOX_URL}/sandbox/outbox.json?phone=${phone}`)
    ).json()) as {
      code: string | null;
      created_at: string;
    }[];
    const entry = entries.find((e) => e.code !== null);
    if (entry && entry.created_at >= after) return entry.code as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`global setup: no OTP for ${phone} in the dev outbox`);
}

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('global setup: no baseURL in playwright.config.ts');
  // D254: every run starts at the system's time, whatever an interrupted run left moved.
  writeClockOffset(TEST_CLOCK_FILE, 0);
  const api = await request.newContext({ baseURL });
  try {
    // A reused server (local runs) still knows the token an earlier run cached.
    const cached = readTutorSession();
    if (cached && cached.baseURL === baseURL && cached.phone === phone) {
      const me = await api.get('/api/v1/user/me/', {
        headers: { Authorization: `Bearer ${cached.token}` },
      });
      if (me.ok()) return;
    }

    const since = new Date(Date.now() - 1000).toISOString();
    let sent = await api.post('/api/v1/auth/generate-otp/', { data: { phone, role: 'teacher' } });
    if (sent.status() === 429) {
      // The 30 s cooldown of a code an earlier run asked for: wait it out once.
      const wait = Number(sent.headers()['retry-after'] ?? '30');
      if (!(wait > 0 && wait <= 35)) {
        throw new Error(`global setup: OTP for ${phone} rate-limited for ${wait}s`);
      }
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      sent = await api.post('/api/v1/auth/generate-otp/', { data: { phone, role: 'teacher' } });
    }
    if (!sent.ok()) {
      throw new Error(`global setup: generate-otp ${sent.status()} ${await sent.text()}`);
    }
    const otp = await newestCode(api, since);
    const validated = await api.post('/api/v1/auth/validate-otp/', {
      data: { phone, otp, role: 'teacher' },
    });
    if (!validated.ok()) {
      throw new Error(`global setup: validate-otp ${validated.status()} ${await validated.text()}`);
    }
    const { access_token: token } = (await validated.json()) as { access_token: string };
    writeTutorSession({ baseURL, phone, token });
  } finally {
    await api.dispose();
  }
}
