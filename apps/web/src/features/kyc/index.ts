/** KYC screens (issue 9): ID photos and selfie, the liveness frame, and what was uploaded. */
export { KycPage } from './kyc-page.tsx';
export { KycFacePage } from './kyc-face-page.tsx';
export { KycInfoPage } from './kyc-info-page.tsx';
