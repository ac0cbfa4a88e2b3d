import type { RefOption } from './localized.ts';

/*
 * The choice lists of the personal, work and contacts steps (API-FAMILY.md §5.6, §5.7), shipped
 * with the app in the three interface languages (decision 043). `state` is what the clients submit.
 */

const o = <State extends number | string>(state: State, en: string, vn: string, zh: string): RefOption<State> => ({
  state,
  label: { en, vn, zh },
});

export const GENDERS = [o(1, 'Male', 'Nam', '男'), o(2, 'Female', 'Nữ', '女')] as const;

export const MARITAL_STATUSES = [
  o(1, 'Single', 'Độc thân', '未婚'),
  o(2, 'Married', 'Đã kết hôn', '已婚'),
  o(3, 'Divorced', 'Ly hôn', '离异'),
  o(4, 'Widowed', 'Góa', '丧偶'),
] as const;

export const EDUCATION_LEVELS = [
  o(1, 'Primary school', 'Tiểu học', '小学'),
  o(2, 'Lower secondary school', 'Trung học cơ sở', '初中'),
  o(3, 'Upper secondary school', 'Trung học phổ thông', '高中'),
  o(4, 'Vocational school', 'Trung cấp', '中专'),
  o(5, 'College', 'Cao đẳng', '大专'),
  o(6, 'University', 'Đại học', '本科'),
  o(7, 'Postgraduate', 'Sau đại học', '研究生'),
] as const;

export const LOAN_PURPOSES = [
  o(1, 'Daily spending', 'Chi tiêu hằng ngày', '日常消费'),
  o(2, 'Education', 'Học tập', '教育'),
  o(3, 'Medical care', 'Chữa bệnh', '医疗'),
  o(4, 'Home repair', 'Sửa chữa nhà', '房屋修缮'),
  o(5, 'Travel', 'Du lịch', '旅游'),
  o(6, 'Business', 'Kinh doanh', '经营周转'),
  o(7, 'Buying a phone or appliance', 'Mua điện thoại, đồ gia dụng', '购买手机或家电'),
  o(8, 'Other', 'Khác', '其他'),
] as const;

export const WORK_TIMES = [
  o(1, 'Under 6 months', 'Dưới 6 tháng', '6个月以下'),
  o(2, '6 to 12 months', '6 đến 12 tháng', '6至12个月'),
  o(3, '1 to 3 years', '1 đến 3 năm', '1至3年'),
  o(4, '3 to 5 years', '3 đến 5 năm', '3至5年'),
  o(5, 'Over 5 years', 'Trên 5 năm', '5年以上'),
] as const;

export const LANGUAGES_SPOKEN = [o(1, 'Vietnamese', 'Tiếng Việt', '越南语'), o(2, 'English', 'Tiếng Anh', '英语'), o(3, 'Chinese', 'Tiếng Trung', '中文')] as const;

/** VH2's idCardTypeV2: the state is a string there. */
export const ID_CARD_TYPES = [
  o('CCCD', 'Citizen identity card', 'Căn cước công dân', '公民身份证'),
  o('CC', 'Identity card (2024)', 'Thẻ căn cước', '身份证（2024版）'),
  o('CMND', 'People’s identity card (old)', 'Chứng minh nhân dân', '旧版身份证'),
] as const;

/**
 * Monthly income bands in VND. The personal step takes the income as typed (digits); its band is
 * kept for the credit engine (CreditFacts.monthlySalaryBand is the band's state as text).
 */
export const SALARY_BANDS = [
  { ...o(1, 'Under 5,000,000', 'Dưới 5.000.000', '5,000,000以下'), minVnd: 0, maxVnd: 4_999_999 },
  { ...o(2, '5,000,000 – 10,000,000', '5.000.000 – 10.000.000', '5,000,000 – 10,000,000'), minVnd: 5_000_000, maxVnd: 9_999_999 },
  { ...o(3, '10,000,000 – 15,000,000', '10.000.000 – 15.000.000', '10,000,000 – 15,000,000'), minVnd: 10_000_000, maxVnd: 14_999_999 },
  { ...o(4, '15,000,000 – 20,000,000', '15.000.000 – 20.000.000', '15,000,000 – 20,000,000'), minVnd: 15_000_000, maxVnd: 19_999_999 },
  { ...o(5, '20,000,000 – 30,000,000', '20.000.000 – 30.000.000', '20,000,000 – 30,000,000'), minVnd: 20_000_000, maxVnd: 29_999_999 },
  { ...o(6, '30,000,000 or more', 'Từ 30.000.000 trở lên', '30,000,000及以上'), minVnd: 30_000_000, maxVnd: Number.MAX_SAFE_INTEGER },
] as const;

/** The band a monthly income falls in. */
export function salaryBandOf(monthlyVnd: number): (typeof SALARY_BANDS)[number] {
  return SALARY_BANDS.find((band) => monthlyVnd >= band.minVnd && monthlyVnd <= band.maxVnd) ?? SALARY_BANDS[0];
}

export const JOB_NATURES = [
  o(1, 'Full-time employee', 'Nhân viên chính thức', '全职员工'),
  o(2, 'Part-time employee', 'Nhân viên bán thời gian', '兼职员工'),
  o(3, 'Business owner', 'Chủ kinh doanh', '企业主'),
  o(4, 'Freelancer', 'Lao động tự do', '自由职业'),
  o(5, 'Civil servant', 'Công chức, viên chức', '公务员'),
  o(6, 'Student', 'Sinh viên', '学生'),
  o(7, 'Retired', 'Nghỉ hưu', '退休'),
  o(8, 'Not working', 'Chưa có việc làm', '无业'),
] as const;

export const STAFF_SIZES = [
  o(1, 'Under 10', 'Dưới 10 người', '10人以下'),
  o(2, '10 – 49', '10 – 49 người', '10–49人'),
  o(3, '50 – 199', '50 – 199 người', '50–199人'),
  o(4, '200 – 999', '200 – 999 người', '200–999人'),
  o(5, '1,000 or more', 'Từ 1.000 người', '1000人及以上'),
] as const;

/** Industry 19 is "not working / other": the supplementary step then skips the company fields (API-FAMILY.md §5.10). */
export const INDUSTRY_NO_COMPANY = 19;

export const INDUSTRIES = [
  o(1, 'Agriculture, forestry and fishing', 'Nông, lâm nghiệp và thủy sản', '农林渔业'),
  o(2, 'Manufacturing', 'Sản xuất, chế biến', '制造业'),
  o(3, 'Construction', 'Xây dựng', '建筑业'),
  o(4, 'Wholesale and retail', 'Bán buôn, bán lẻ', '批发零售'),
  o(5, 'Transport and logistics', 'Vận tải, kho bãi', '交通物流'),
  o(6, 'Hotels and restaurants', 'Khách sạn, nhà hàng', '住宿餐饮'),
  o(7, 'Information technology', 'Công nghệ thông tin', '信息技术'),
  o(8, 'Finance and insurance', 'Tài chính, bảo hiểm', '金融保险'),
  o(9, 'Real estate', 'Bất động sản', '房地产'),
  o(10, 'Education', 'Giáo dục', '教育'),
  o(11, 'Health care', 'Y tế', '医疗卫生'),
  o(12, 'Public administration', 'Cơ quan nhà nước', '公共管理'),
  o(13, 'Electricity, gas and water', 'Điện, khí đốt, nước', '电力燃气水务'),
  o(14, 'Mining', 'Khai khoáng', '采矿业'),
  o(15, 'Arts and entertainment', 'Nghệ thuật, giải trí', '文化娱乐'),
  o(16, 'Professional services', 'Dịch vụ chuyên môn', '专业服务'),
  o(17, 'Household services', 'Dịch vụ gia đình', '家政服务'),
  o(18, 'Small trade', 'Buôn bán nhỏ', '小商贩'),
  o(INDUSTRY_NO_COMPANY, 'Not working or other', 'Không đi làm hoặc khác', '无业或其他'),
] as const;

/**
 * Emergency contact 1: a family member (`relatives`, API-FAMILY.md §5.7), code 1; contact 2: a
 * friend or colleague (`otherRelatives`), code 2 — the codes bank/bind/v2 accepts and stores
 * (SPEC.md §3: "a relationship (1 and 2)"; contract api/emergency-relationships.ts).
 */
export const RELATIVES = [o(1, 'Family member', 'Người thân', '家人')] as const;

export const OTHER_RELATIVES = [o(2, 'Friend or colleague', 'Bạn bè / Đồng nghiệp', '朋友或同事')] as const;
