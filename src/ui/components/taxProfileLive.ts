// The taxProfile machine over the API: the tutor's GST tab and the payer's address for
// invoices (both are `GET/PUT tax-profile/`, the server knows who asks).
import { fromPromise } from 'xstate';
import { taxProfileMachine } from '../../../machines/taxProfile/taxProfile.machine';
import { fetchTaxProfile, saveTaxProfile } from '../../api/actors/tutorPayouts';

export const taxProfileLive = taxProfileMachine.provide({
  actors: {
    fetchProfile: fromPromise(({ signal }) => fetchTaxProfile(signal)),
    saveProfile: fromPromise(({ input, signal }) => saveTaxProfile(input, signal)),
  },
});
