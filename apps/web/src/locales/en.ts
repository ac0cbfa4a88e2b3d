import { messages } from '@sen/contract';

/**
 * English dictionary: the contract's validation and error texts (same keys as the server uses)
 * plus the app's own texts. en is the source of the key set; vn and zh must have exactly the same
 * keys (typed here and checked by locales.test.ts). `{name}` marks an interpolation.
 */
const ui = {
  'splash.welcome': 'Welcome to {name}',
  // The brand tagline is Vietnamese in every language (SPEC.md §1).
  'splash.tagline': 'An toàn & đáng tin cậy',

  'common.back': 'Back',
  'common.loading': 'Loading…',
  'common.retry': 'Retry',
  'common.confirm': 'Confirm',
  'common.cancel': 'Cancel',
  'common.goHome': 'Go to home',
  'common.comingSoon': 'This section is being prepared and will be available in a coming update.',
  'common.authLoadFailed': 'We could not load your account status.',
  'common.vnd': '{amount} ₫',

  'tab.label': 'Main navigation',
  'tab.home': 'Home',
  'tab.order': 'Order',
  'tab.mine': 'Mine',

  'language.title': 'Language',
  'language.en': 'English',
  'language.vn': 'Tiếng Việt',
  'language.zh': '中文',

  'login.welcome': 'Welcome to {name}',
  'login.subtitle': 'Log in with your phone number to continue',
  'login.tab.otp': 'OTP login',
  'login.tab.password': 'Password login',
  'login.phone.label': 'Phone number',
  'login.phone.placeholder': 'Enter your phone number',
  'login.otp.label': 'OTP',
  'login.otp.placeholder': 'Enter the 4-digit code',
  'login.otp.get': 'GET',
  'login.otp.countdown': '{seconds}s',
  'login.otp.sent': 'OTP sent',
  'login.password.label': 'Password',
  'login.password.placeholder': 'Enter your password',
  'login.submit': 'Log in',
  'login.forgot': 'Forgotten password?',
  'login.agreement.prefix': 'By logging in you agree to the',
  'login.agreement.link': 'Privacy Policy',

  'createPassword.title': 'Create password',
  'createPassword.hint': 'Set a password so that next time you can also log in without an OTP.',
  'createPassword.password.label': 'Password',
  'createPassword.password.placeholder': '3-20 characters, letters and numbers',
  'createPassword.confirm.label': 'Confirm password',
  'createPassword.confirm.placeholder': 'Enter the password again',
  'createPassword.submit': 'Confirm',
  'createPassword.succeed.title': 'Password created',
  'createPassword.succeed.text': 'Your password is set. Next time you can log in with your phone number and password.',

  'privacy.title': 'Privacy Policy',
  'privacy.version': 'Version {version}',
  'privacy.agree': 'Agree',
  'privacy.reject': 'Reject',
  'privacy.intro':
    '{name} provides consumer loans in Vietnam. This policy explains what personal data we collect, why we use it, how long we keep it and what rights you have, in line with Decree 13/2023/ND-CP on personal data protection.',
  'privacy.data.title': 'Data we collect',
  'privacy.data.body':
    'Your phone number; identity data (full name, date of birth, ID card number, ID card photos and a selfie for face verification); contact details and the emergency contacts you type in; work and income information; your receiving bank account or e-wallet; loan and repayment history; and device data (device model, app version, a random device identifier). We never read your address book, SMS or call log.',
  'privacy.purpose.title': 'Why we use it',
  'privacy.purpose.body':
    'To verify your identity, assess your application and credit limit, disburse and collect loans, prevent fraud, meet our legal obligations and contact you about your account.',
  'privacy.sharing.title': 'Who we share it with',
  'privacy.sharing.body':
    'Only with service providers that help us run the service (identity verification, SMS, payments), with credit information bodies and authorities where the law requires it. We do not sell your data.',
  'privacy.retention.title': 'How long we keep it',
  'privacy.retention.body':
    'For as long as your account is open and then for the period required by Vietnamese law for financial records; afterwards it is deleted or anonymised.',
  'privacy.rights.title': 'Your rights',
  'privacy.rights.body':
    'You may access, correct or delete your data, withdraw your consent, object to processing or close your account at any time. Withdrawing consent does not affect loans already taken.',
  'privacy.contact.title': 'Contact',
  'privacy.contact.body': 'Questions or requests: {email}, hotline {phone}.',

  'home.hero.title': 'Borrow with {name}',
  'home.hero.subtitle': 'Fast, transparent consumer loans in Vietnam',
  'home.noAuth.maxAmount': 'Maximum loan amount',
  'home.noAuth.rate': 'Annual interest rate',
  'home.noAuth.rateValue': 'Up to {rate}%',
  'home.noAuth.period': 'Loan period',
  'home.noAuth.periodValue': 'Up to {days} days',
  'home.noAuth.apply': 'Apply now',
  'home.noAuth.fees':
    'Interest from {low}% to {high}% per day, plus a service fee; an overdue fee applies to late repayment. The full cost is shown before you confirm a loan.',
  'home.noAuth.indicative': 'Indicative product terms. Your own limit is decided after certification.',
  'home.selling.title': 'Why choose us',
  'home.selling.lowRate.title': 'Low interest rate',
  'home.selling.lowRate.text': 'From {rate}% per day, no hidden fees',
  'home.selling.fast.title': 'Fast online loan',
  'home.selling.fast.text': 'Apply online in minutes, no paperwork',
  'home.selling.limit.title': 'High quality limit',
  'home.selling.limit.text': 'Repay on time to raise your limit: over 90% of users can',
  'home.selling.security.title': 'Information security',
  'home.selling.security.text': 'Your data is encrypted and never sold',
  'home.hasAuth.title': 'Your credit',

  'mine.title': 'Mine',
  'mine.greeting': 'Hello',
  'mine.menu.certification': 'Certification center',
  'mine.menu.accounts': 'Receiving accounts',
  'mine.menu.orders': 'My orders',
  'mine.menu.messages': 'Messages',
  'mine.menu.contact': 'Contact us',
  'mine.menu.about': 'About us',
  'mine.menu.settings': 'Settings',
  'mine.menu.language': 'Language',
  'mine.logout': 'Log out',
  'mine.logout.confirm': 'Do you want to log out?',

  'settings.title': 'Settings',
  'settings.password': 'Change password',
  'settings.feedback': 'Feedback',
  'settings.closeAccount': 'Close account',

  'page.homeHasAuth': 'Home',
  'page.aboutUs': 'About us',
  'page.accountsReceivable': 'Receiving accounts',
  'page.certificationCenter': 'Certification center',
  'page.contactUs': 'Contact us',
  'page.closeAccount': 'Close account',
  'page.closeAccountSucceed': 'Account closed',
  'page.feedback': 'Feedback',
  'page.changePassword': 'Change password',
  'page.accountAndContacts': 'Account and contacts',
  'page.additionalInformation': 'Additional information',
  'page.receivingAccount': 'Receiving account',
  'page.certification': 'Certification',
  'page.kyc': 'Identity verification',
  'page.face': 'Face verification',
  'page.operatorInformation': 'Operator verification',
  'page.personalData': 'Personal information',
  'page.batchRepayList': 'Repay several orders',
  'page.orderInfo': 'Order details',
  'page.orderList': 'My orders',
  'page.repayList': 'Order',
  'page.productInfo': 'Loan application',
  'page.productFailed': 'Application failed',
  'page.productSucceed': 'Application submitted',
  'page.messageList': 'Messages',
  'page.messageInfo': 'Message',

  'field.password.show': 'Show password',
  'field.password.hide': 'Hide password',
  'field.password.rule': '3-20 characters, with at least one letter and one number',
  'resetPassword.title': 'Reset password',
  'resetPassword.hint': 'We will send a code to your phone. Enter it with your new password.',
  'resetPassword.submit': 'Reset and log in',
  'resetPassword.done': 'Password changed',
  'changePassword.hint': 'Enter your current password, then the new one twice. Other devices will be logged out.',
  'changePassword.old.label': 'Current password',
  'changePassword.old.placeholder': 'Enter your current password',
  'changePassword.submit': 'Change password',
  'changePassword.done': 'Password changed',
  'changePassword.forgot': 'Forgotten your password? Reset it with a code',

  'notFound.title': '404',
  'notFound.text': 'The page you are looking for does not exist.',
  'notFound.home': 'Back to home',
} as const;

export type UiKey = keyof typeof ui;
export type TranslationKey = UiKey | keyof typeof messages.en;
export type Dictionary = Record<TranslationKey, string>;

export const en: Dictionary = { ...messages.en, ...ui };
