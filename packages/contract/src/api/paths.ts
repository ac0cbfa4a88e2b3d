/** Every API path of the product, in one place (API-FAMILY.md §2 where the family has the call). */
export const API_PATHS = {
  secret: '/api/user/app/common/secret',
  /** Sends a login OTP by SMS (the family's first call: `{phone}`). */
  loginSms: '/api/user/app/login/sms',
  /** Signs in by OTP (loginType 1) or password (loginType 2). */
  login: '/api/user/app/login',
  /** A proof-of-work challenge for login/sms once a phone, IP or device nears its send limits. */
  challenge: '/api/user/app/challenge',
  logout: '/api/user/app/logout',
  passwordSet: '/api/user/app/password/set',
  passwordUpdate: '/api/user/app/password/update',
  equipmentSave: '/api/user/app/userEquipment/save',
  deviceHas: '/api/user/app/userDevice/hasDevice',
  deviceSave: '/api/user/app/userDevice/save',
  authConfig: '/api/user/app/application/config/auth/config',
  authDetail: '/api/user/app/userAuth/detail',
  userInfo: '/api/user/app/user/info',
  privacyConsent: '/api/user/app/privacy/consent',
  commonIndex: '/api/loan/app/common/index',
  activityList: '/api/user/app/activity/list',
  /** Messages (issue 10): the family's FCM send records (list, mark read), and our unread count and detail. */
  messageList: '/api/data/app/fcm/sendRecord/list',
  messageUpdate: '/api/data/app/fcm/sendRecord/update',
  messageUnreadCount: '/api/data/app/fcm/sendRecord/unread/count',
  messageDetail: '/api/data/app/fcm/sendRecord/detail',
  /** An uploaded image, served to its owner only (session or owner-only link; not a signed call). */
  userFile: '/api/user/app/file/:fileId',
  /** Behaviour tracking (SPEC.md §7): one event or a batch; unsigned (the web app flushes with sendBeacon). */
  trackingSend: '/api/user/app/burying/event/send',
  /** The ad-click attribution upload, once per install (SPEC.md §7). */
  adClickUpload: '/api/user/app/adjust/ad/click/info/upload',
  /** Client logs in the survey format; the default of TRACKING_LOG_PATH and of the web app's log endpoint. */
  surveyLog: '/api/log/track',
  /** Operators: the conversion funnel (OPERATOR_TOKEN). */
  operatorFunnel: '/api/operator/tracking/funnel',
  health: '/api/health',
  ready: '/api/ready',
  /** Development only: the SMS messages the development provider "sent". Off in production. */
  devSmsOutbox: '/api/dev/sms/outbox',
  openApiDocument: '/api/docs/openapi.json',
  apiDocs: '/api/docs',
} as const;
