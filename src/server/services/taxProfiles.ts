// GST profiles (issue 50, D267): a tutor's registration (GSTIN, its state, address, whether
// fees include GST) and a payer's address and state for their tax invoices. `GET/PUT
// tax-profile/`; the documents a payment gives read them at the moment it is paid (D265), and
// the dues job adds GST to the dues of a tutor whose fees exclude it (D266).
import { coded } from '../../domain/texts';
import { and, eq, isNull } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { AMOUNT_MAX_PAISE } from '../../domain/constants';
import { gstStateName, isGstStateCode } from '../../domain/gstStates';
import { withGstOnTop } from '../../domain/gstTax';
import { formatINR } from '../../domain/money';
import { checkTaxProfile } from '../../domain/taxProfile';
import { taxTexts } from '../../domain/taxTexts';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { feePlans, taxProfiles, type TaxProfileRow, type UserRow } from '../db/schema';
import { isUniqueViolation } from './dbErrors';
import { refuse, success, type Result } from './results';

type TaxProfile = components['schemas']['TaxProfile'];
type TaxProfileUpdate = components['schemas']['TaxProfileUpdate'];

const m = taxTexts.api;

/** The profile a user has, or the one they have until they save: unregistered, fees with GST. */
export async function taxProfileOf(
  db: Database,
  userId: number,
): Promise<Omit<TaxProfileRow, 'updatedAt'>> {
  const [row] = await db.select().from(taxProfiles).where(eq(taxProfiles.userId, userId));
  return (
    row ?? {
      userId,
      registered: false,
      gstin: null,
      legalName: null,
      address: null,
      stateCode: null,
      feeIncludesGst: true,
    }
  );
}

/** D266: whether a tutor's dues carry GST on top (registered, fees exclude GST). */
export async function gstOnTopFor(db: Database, tutorId: number): Promise<boolean> {
  const profile = await taxProfileOf(db, tutorId);
  return profile.registered && !profile.feeIncludesGst;
}

/** D266: what a plan's due of `amount` asks of the payer: GST added when fees exclude it. */
export async function dueAmountFor(db: Database, tutorId: number, amount: number) {
  return (await gstOnTopFor(db, tutorId)) ? withGstOnTop(amount) : amount;
}

/** D266: refuses a plan whose due, with GST added for this tutor, is above one payment. */
export async function planAmountRefusal(db: Database, tutorId: number, amount: number) {
  const due = await dueAmountFor(db, tutorId, amount);
  return due > AMOUNT_MAX_PAISE ? refuse(400, coded(m).dueTooLargeWithGst(formatINR(due))) : null;
}

const toApi = (row: Omit<TaxProfileRow, 'updatedAt'>): TaxProfile => ({
  registered: row.registered,
  gstin: row.gstin,
  legal_name: row.legalName,
  address: row.address,
  state_code: row.stateCode,
  state_name: row.stateCode && isGstStateCode(row.stateCode) ? gstStateName(row.stateCode) : null,
  fee_includes_gst: row.feeIncludesGst,
});

export function createTaxProfileService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async get(caller: UserRow): Promise<TaxProfile> {
      return toApi(await taxProfileOf(db, caller.id));
    },

    async save(caller: UserRow, input: TaxProfileUpdate): Promise<Result<TaxProfile, 400 | 409>> {
      const checked = checkTaxProfile(
        {
          registered: input.registered,
          gstin: input.gstin ?? null,
          legalName: input.legal_name ?? null,
          address: input.address ?? null,
          stateCode: input.state_code ?? null,
          ...(input.fee_includes_gst === undefined
            ? {}
            : { feeIncludesGst: input.fee_includes_gst }),
        },
        caller.role === 'teacher' ? 'teacher' : 'student',
      );
      // The tax profile's rule says its words as text: this site's code (D236).
      if (!checked.ok) return refuse(400, { message: checked.message, code: 'taxProfile.invalid' });
      const profile = checked.value;
      try {
        return await db.transaction(async (tx) => {
          if (profile.registered && !profile.feeIncludesGst) {
            // D266: no running plan may ask for more than one payment once GST is added.
            const running = await tx
              .select({ amount: feePlans.amount, instalments: feePlans.instalments })
              .from(feePlans)
              .where(and(eq(feePlans.tutorId, caller.id), isNull(feePlans.endedAt)));
            const largest = Math.max(
              0,
              ...running.flatMap((plan) =>
                plan.instalments ? plan.instalments.map((p) => p.amount) : [plan.amount],
              ),
            );
            const due = withGstOnTop(largest);
            if (due > AMOUNT_MAX_PAISE)
              return refuse(409, coded(m).plansTooLargeWithGst(formatINR(due)));
          }
          const values = { ...profile, updatedAt: clock.now() };
          const [row] = await tx
            .insert(taxProfiles)
            .values({ userId: caller.id, ...values })
            .onConflictDoUpdate({ target: taxProfiles.userId, set: values })
            .returning();
          return success(toApi(row!));
        });
      } catch (error) {
        if (isUniqueViolation(error, 'tax_profiles_gstin_idx'))
          return refuse(409, coded(m).gstinTaken);
        throw error;
      }
    },
  };
}

export type TaxProfileService = ReturnType<typeof createTaxProfileService>;
