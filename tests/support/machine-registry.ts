// Every machine with a path model. scripts/path-coverage.ts reports on each one; add a
// machine's model here when you add the machine.
import { activeFlowPathModel } from '../machines/activeFlow.model';
import { countdownPathModel } from '../machines/countdown.model';
import { otpPathModel } from '../machines/otp.model';
import { publicProfilePathModel } from '../machines/publicProfile.model';
import { studentLoginPathModel } from '../machines/studentLogin.model';
import { studentSignupPathModel } from '../machines/studentSignup.model';
import { amountEntryPathModel } from '../machines/amountEntry.model';
import { orderStatusPathModel } from '../machines/orderStatus.model';
import { payeeLookupPathModel } from '../machines/payeeLookup.model';
import { paymentPathModel } from '../machines/payment.model';
import { paymentLinkPathModel } from '../machines/paymentLink.model';
import { tutorDetailsPathModel } from '../machines/tutorDetails.model';
import { tutorLoginPathModel } from '../machines/tutorLogin.model';
import { tutorGuardPathModel } from '../machines/tutorGuard.model';
import { aadharRedirectPathModel } from '../machines/aadharRedirect.model';
import { tutorDashboardPathModel } from '../machines/tutorDashboard.model';
import { bankVerificationPathModel } from '../machines/bankVerification.model';
import { aadhaarVerificationPathModel } from '../machines/aadhaarVerification.model';
import { tutorOnboardingPathModel } from '../machines/tutorOnboarding.model';
import { pagedListPathModel } from '../machines/pagedList.model';
import { refundRequestPathModel } from '../machines/refundRequest.model';
import { receiptPathModel } from '../machines/receipt.model';
import { receiptPdfPathModel } from '../machines/receiptPdf.model';
import { studentLogoutPathModel } from '../machines/studentLogout.model';
import { paymentsExportPathModel } from '../machines/paymentsExport.model';
import { refundDecisionPathModel } from '../machines/refundDecision.model';
import { linkCreatePathModel } from '../machines/linkCreate.model';
import { confirmActionPathModel } from '../machines/confirmAction.model';
import { apiKeyIssuePathModel } from '../machines/apiKeyIssue.model';
import { createPathSuite, type PathSuite } from './paths';

export const pathSuites: PathSuite[] = [
  createPathSuite(activeFlowPathModel),
  createPathSuite(countdownPathModel),
  createPathSuite(publicProfilePathModel),
  createPathSuite(otpPathModel),
  createPathSuite(studentLoginPathModel),
  createPathSuite(studentSignupPathModel),
  createPathSuite(amountEntryPathModel),
  createPathSuite(payeeLookupPathModel),
  createPathSuite(tutorDetailsPathModel),
  createPathSuite(paymentPathModel),
  createPathSuite(paymentLinkPathModel),
  createPathSuite(orderStatusPathModel),
  createPathSuite(tutorLoginPathModel),
  createPathSuite(tutorGuardPathModel),
  createPathSuite(aadharRedirectPathModel),
  createPathSuite(tutorDashboardPathModel),
  createPathSuite(bankVerificationPathModel),
  createPathSuite(aadhaarVerificationPathModel),
  createPathSuite(tutorOnboardingPathModel),
  createPathSuite(pagedListPathModel),
  createPathSuite(refundRequestPathModel),
  createPathSuite(receiptPathModel),
  createPathSuite(receiptPdfPathModel),
  createPathSuite(studentLogoutPathModel),
  createPathSuite(paymentsExportPathModel),
  createPathSuite(refundDecisionPathModel),
  createPathSuite(linkCreatePathModel),
  createPathSuite(confirmActionPathModel),
  createPathSuite(apiKeyIssuePathModel),
];
