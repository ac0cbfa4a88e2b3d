/** Every API path of the product, in one place. */
export const API_PATHS = {
  secret: '/api/user/app/common/secret',
  /** Sends a login OTP by SMS. Path chosen by us: the spec names the call but not its path. */
  sendOtp: '/api/user/app/sms/send',
  loginSms: '/api/user/app/login/sms',
  loginPassword: '/api/user/app/login',
  logout: '/api/user/app/logout',
  passwordSet: '/api/user/app/password/set',
  passwordUpdate: '/api/user/app/password/update',
  equipmentSave: '/api/user/app/userEquipment/save',
  authConfig: '/api/user/app/application/config/auth/config',
  authDetail: '/api/user/app/userAuth/detail',
  userInfo: '/api/user/app/user/info',
  privacyConsent: '/api/user/app/privacy/consent',
  health: '/api/health',
  ready: '/api/ready',
  /** Development only: the SMS messages the development provider "sent". Off in production. */
  devSmsOutbox: '/api/dev/sms/outbox',
} as const;
