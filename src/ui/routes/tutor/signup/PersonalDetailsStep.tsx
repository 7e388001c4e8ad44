// Sign-up step 1, personal details (spec §2, §5): first and last name as on the PAN, and the
// PAN, with the spec's two notes. A tutor whose PAN is verified sees them read-only and Next
// simply moves on (D29). The form both sign-ups share, in the tutor's words.
import type { PersonalDetailsActorRef } from '../../../../../machines/personalDetails/personalDetails.machine';
import { messages } from '../../../../domain/messages';
import {
  PersonalDetailsForm,
  type PersonalDetailsTexts,
} from '../../../components/PersonalDetailsForm';

const m = messages.tutorSignup;

/** Read per render: the words follow the screens' language (issue 15). */
export const tutorDetailsTexts = (): PersonalDetailsTexts => ({
  intro: m.step1NameNote,
  verified: m.verified,
  firstName: m.firstName,
  lastName: m.lastName,
  pan: m.pan,
  panNote: m.step1PanNote,
  panPlaceholder: m.panPlaceholder,
  submit: m.next,
});

export function PersonalDetailsStep({ details }: { details: PersonalDetailsActorRef }) {
  return <PersonalDetailsForm details={details} texts={tutorDetailsTexts()} panOnFile="shown" />;
}
