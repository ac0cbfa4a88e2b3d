import type { Language } from './constants.ts';

/**
 * Texts of every validation rule (SPEC.md §5) and every error (§8), in the three interface
 * languages. English texts are the spec's, word for word. The web app merges these into its
 * dictionaries; the server uses them for envelope messages. `{name}` marks an interpolation.
 */
const en = {
  'validation.required': 'Please input',
  'validation.select': 'Please select',
  'validation.phone.required': 'Please check Phone Number',
  'validation.phone.format': 'Invalid phone number format',
  'validation.otp.required': 'Please check OTP',
  'validation.otp.format': 'Invalid OTP format',
  'validation.password.required': 'Please input',
  'validation.password.format': 'Password must be 3-20 characters, include letters and numbers',
  'validation.password.mismatch': 'Password does not match',
  'validation.birthDate.format': 'Please enter a valid date',
  'validation.birthDate.underage': 'We refuse to lend money to under 18!',
  'validation.number.digitsOnly': 'Only numbers are allowed',
  'validation.email.format': 'Please enter the correct email format',
  'validation.idNumber.format': 'ID number must be 9 or 12 digits',
  'validation.bankNo.mismatch': 'BankNo does not match',
  'validation.repayment.required': 'Please select at least one repayment order',
  'validation.controlCharacters': 'Please remove unsupported characters',

  'error.sessionExpired': 'Session expired, please login again',
  'error.accessDenied': 'Access denied',
  'error.requestFailed': 'Request failed',
  'error.network': 'Network connection error, please check your network settings',
  'error.notFound': 'Requested resource not found',
  'error.server': 'Server error',
  'error.serviceUnavailable': 'Service temporarily unavailable, please try again later',
  'error.timeout': 'Request timeout or no server response',
  'error.missingParams': 'Missing required parameters',
  'error.badSign': 'Invalid request signature',
  'error.staleTimestamp': 'Request expired, please check your device time',
  'error.updateRequired': 'A new version is available, please update the app',
  'error.tooManyRequests': 'Too many requests, please try again later',
  'error.otpIncorrect': 'Incorrect OTP, please try again',
  'error.otpExpired': 'OTP has expired, please get a new one',
  'error.otpLocked': 'Too many wrong attempts, please get a new OTP',
  'error.otpTooSoon': 'Please wait {seconds}s before getting a new OTP',
  'error.otpSendLimit': 'Too many OTP requests, please try again later',
  'error.loginFailed': 'Incorrect phone number or password',
  'error.passwordNotSet': 'No password set yet, please log in with OTP',
  'error.oldPasswordIncorrect': 'Current password is incorrect',
  'error.passwordAlreadySet': 'Password already set, please change it in settings',
  'error.smsUnavailable': 'Unable to send SMS right now, please try again later',
  'error.idempotencyKeyRequired': 'Missing request key, please update the app and try again',
  'error.idempotencyInProgress': 'Your previous request is still being processed, please wait',
  'error.idempotencyKeyReused': 'This request key was already used for a different request',
  'error.badBody': 'The request could not be read',

  // §8 other messages, for the payment, upload, order and eligibility screens.
  'error.paymentFailed': 'Payment failed',
  'error.uploadFailed': 'Upload failed',
  'error.submissionFailed': 'Submission Failed',
  'error.notEligible': 'Sorry, you are currently unable to apply for loanproducts, please check if you are eligible',
  'error.requirementsNotMet': 'Does not meet requirements',
  'error.noProducts': 'Sorry, there are no products available to borrow',
} as const;

export type MessageKey = keyof typeof en;
export type MessageDictionary = Record<MessageKey, string>;

const vn: MessageDictionary = {
  'validation.required': 'Vui lòng nhập',
  'validation.select': 'Vui lòng chọn',
  'validation.phone.required': 'Vui lòng kiểm tra số điện thoại',
  'validation.phone.format': 'Số điện thoại không đúng định dạng',
  'validation.otp.required': 'Vui lòng kiểm tra mã OTP',
  'validation.otp.format': 'Mã OTP không đúng định dạng',
  'validation.password.required': 'Vui lòng nhập',
  'validation.password.format': 'Mật khẩu phải dài 3-20 ký tự, gồm cả chữ và số',
  'validation.password.mismatch': 'Mật khẩu không khớp',
  'validation.birthDate.format': 'Vui lòng nhập ngày hợp lệ',
  'validation.birthDate.underage': 'Chúng tôi không cho người dưới 18 tuổi vay tiền!',
  'validation.number.digitsOnly': 'Chỉ được nhập số',
  'validation.email.format': 'Vui lòng nhập đúng định dạng email',
  'validation.idNumber.format': 'Số CMND/CCCD phải có 9 hoặc 12 chữ số',
  'validation.bankNo.mismatch': 'Số tài khoản ngân hàng không khớp',
  'validation.repayment.required': 'Vui lòng chọn ít nhất một đơn cần trả',
  'validation.controlCharacters': 'Vui lòng bỏ các ký tự không được hỗ trợ',

  'error.sessionExpired': 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
  'error.accessDenied': 'Không có quyền truy cập',
  'error.requestFailed': 'Yêu cầu thất bại',
  'error.network': 'Lỗi kết nối mạng, vui lòng kiểm tra cài đặt mạng',
  'error.notFound': 'Không tìm thấy tài nguyên được yêu cầu',
  'error.server': 'Lỗi máy chủ',
  'error.serviceUnavailable': 'Dịch vụ tạm thời gián đoạn, vui lòng thử lại sau',
  'error.timeout': 'Hết thời gian chờ hoặc máy chủ không phản hồi',
  'error.missingParams': 'Thiếu tham số bắt buộc',
  'error.badSign': 'Chữ ký yêu cầu không hợp lệ',
  'error.staleTimestamp': 'Yêu cầu đã hết hạn, vui lòng kiểm tra giờ trên thiết bị',
  'error.updateRequired': 'Đã có phiên bản mới, vui lòng cập nhật ứng dụng',
  'error.tooManyRequests': 'Quá nhiều yêu cầu, vui lòng thử lại sau',
  'error.otpIncorrect': 'Mã OTP không đúng, vui lòng thử lại',
  'error.otpExpired': 'Mã OTP đã hết hạn, vui lòng lấy mã mới',
  'error.otpLocked': 'Nhập sai quá nhiều lần, vui lòng lấy mã OTP mới',
  'error.otpTooSoon': 'Vui lòng đợi {seconds} giây trước khi lấy mã OTP mới',
  'error.otpSendLimit': 'Yêu cầu OTP quá nhiều lần, vui lòng thử lại sau',
  'error.loginFailed': 'Số điện thoại hoặc mật khẩu không đúng',
  'error.passwordNotSet': 'Bạn chưa đặt mật khẩu, vui lòng đăng nhập bằng OTP',
  'error.oldPasswordIncorrect': 'Mật khẩu hiện tại không đúng',
  'error.passwordAlreadySet': 'Mật khẩu đã được đặt, vui lòng đổi trong phần cài đặt',
  'error.smsUnavailable': 'Hiện không thể gửi SMS, vui lòng thử lại sau',
  'error.idempotencyKeyRequired': 'Thiếu mã yêu cầu, vui lòng cập nhật ứng dụng và thử lại',
  'error.idempotencyInProgress': 'Yêu cầu trước của bạn vẫn đang được xử lý, vui lòng chờ',
  'error.idempotencyKeyReused': 'Mã yêu cầu này đã được dùng cho một yêu cầu khác',
  'error.badBody': 'Không đọc được nội dung yêu cầu',

  'error.paymentFailed': 'Thanh toán thất bại',
  'error.uploadFailed': 'Tải lên thất bại',
  'error.submissionFailed': 'Gửi thất bại',
  'error.notEligible': 'Rất tiếc, hiện bạn không thể đăng ký sản phẩm vay, vui lòng kiểm tra xem bạn có đủ điều kiện không',
  'error.requirementsNotMet': 'Không đáp ứng yêu cầu',
  'error.noProducts': 'Rất tiếc, hiện không có sản phẩm nào để vay',
};

const zh: MessageDictionary = {
  'validation.required': '请输入',
  'validation.select': '请选择',
  'validation.phone.required': '请检查手机号码',
  'validation.phone.format': '手机号码格式不正确',
  'validation.otp.required': '请检查验证码',
  'validation.otp.format': '验证码格式不正确',
  'validation.password.required': '请输入',
  'validation.password.format': '密码须为3-20个字符，包含字母和数字',
  'validation.password.mismatch': '两次输入的密码不一致',
  'validation.birthDate.format': '请输入有效日期',
  'validation.birthDate.underage': '我们不向未满18岁的人放款！',
  'validation.number.digitsOnly': '只允许输入数字',
  'validation.email.format': '请输入正确的邮箱格式',
  'validation.idNumber.format': '身份证号码必须为9位或12位数字',
  'validation.bankNo.mismatch': '银行卡号不一致',
  'validation.repayment.required': '请至少选择一笔还款订单',
  'validation.controlCharacters': '请删除不支持的字符',

  'error.sessionExpired': '会话已过期，请重新登录',
  'error.accessDenied': '拒绝访问',
  'error.requestFailed': '请求失败',
  'error.network': '网络连接错误，请检查网络设置',
  'error.notFound': '请求的资源不存在',
  'error.server': '服务器错误',
  'error.serviceUnavailable': '服务暂时不可用，请稍后再试',
  'error.timeout': '请求超时或服务器无响应',
  'error.missingParams': '缺少必要参数',
  'error.badSign': '请求签名无效',
  'error.staleTimestamp': '请求已过期，请检查设备时间',
  'error.updateRequired': '有新版本可用，请更新应用',
  'error.tooManyRequests': '请求过于频繁，请稍后再试',
  'error.otpIncorrect': '验证码错误，请重试',
  'error.otpExpired': '验证码已过期，请重新获取',
  'error.otpLocked': '错误次数过多，请重新获取验证码',
  'error.otpTooSoon': '请等待{seconds}秒后再获取验证码',
  'error.otpSendLimit': '验证码请求过于频繁，请稍后再试',
  'error.loginFailed': '手机号码或密码错误',
  'error.passwordNotSet': '尚未设置密码，请使用验证码登录',
  'error.oldPasswordIncorrect': '当前密码不正确',
  'error.passwordAlreadySet': '密码已设置，请在设置中修改',
  'error.smsUnavailable': '暂时无法发送短信，请稍后再试',
  'error.idempotencyKeyRequired': '缺少请求标识，请更新应用后重试',
  'error.idempotencyInProgress': '您之前的请求仍在处理中，请稍候',
  'error.idempotencyKeyReused': '该请求标识已用于其他请求',
  'error.badBody': '无法读取请求内容',

  'error.paymentFailed': '支付失败',
  'error.uploadFailed': '上传失败',
  'error.submissionFailed': '提交失败',
  'error.notEligible': '抱歉，您目前无法申请贷款产品，请检查您是否符合条件',
  'error.requirementsNotMet': '不符合要求',
  'error.noProducts': '抱歉，暂无可借款的产品',
};

export const messages: Record<Language, MessageDictionary> = { en, vn, zh };

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, value);
}

/** Looks a message up in `lang` and fills `{name}` placeholders from `params`. */
export function translate(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
