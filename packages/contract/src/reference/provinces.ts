import type { Localized } from './localized.ts';

/**
 * Vietnam's 34 provinces and centrally-run cities from 1 July 2025 (National Assembly Resolution
 * 202/2025/QH15 of 12 June 2025: 6 cities and 28 provinces; 11 units unchanged, 23 formed by
 * merging 52 former ones). Shipped with the app, no network at run time (decision 043).
 *
 * `id` is Sen's stable number for the unit: the former General Statistics Office code of the
 * province whose name the new unit kept (Hà Nội 1, Bắc Ninh 27, ...). It is not claimed to be the
 * code of the 2025 list. `formerProvinces` names what each unit was formed from.
 * Wards and communes are not shipped (decision 043): `address/list` answers an empty list below a
 * province.
 */
export interface Province {
  readonly id: number;
  readonly kind: 'city' | 'province';
  readonly name: Localized;
  readonly formerProvinces: readonly string[];
}

const city = (id: number, vn: string, en: string, zh: string, formerProvinces: string[] = [vn]): Province => ({
  id,
  kind: 'city',
  name: { vn, en, zh },
  formerProvinces,
});
const province = (id: number, vn: string, en: string, zh: string, formerProvinces: string[] = [vn]): Province => ({
  id,
  kind: 'province',
  name: { vn, en, zh },
  formerProvinces,
});

export const PROVINCES: readonly Province[] = [
  // The six centrally-run cities.
  city(1, 'Hà Nội', 'Ha Noi', '河内'),
  city(79, 'TP. Hồ Chí Minh', 'Ho Chi Minh City', '胡志明市', ['TP. Hồ Chí Minh', 'Bình Dương', 'Bà Rịa - Vũng Tàu']),
  city(31, 'Hải Phòng', 'Hai Phong', '海防', ['Hải Phòng', 'Hải Dương']),
  city(48, 'Đà Nẵng', 'Da Nang', '岘港', ['Đà Nẵng', 'Quảng Nam']),
  city(92, 'Cần Thơ', 'Can Tho', '芹苴', ['Cần Thơ', 'Sóc Trăng', 'Hậu Giang']),
  city(46, 'Huế', 'Hue', '顺化'),
  // Provinces, north to south.
  province(4, 'Cao Bằng', 'Cao Bang', '高平'),
  province(8, 'Tuyên Quang', 'Tuyen Quang', '宣光', ['Tuyên Quang', 'Hà Giang']),
  province(10, 'Lào Cai', 'Lao Cai', '老街', ['Lào Cai', 'Yên Bái']),
  province(11, 'Điện Biên', 'Dien Bien', '奠边'),
  province(12, 'Lai Châu', 'Lai Chau', '莱州'),
  province(14, 'Sơn La', 'Son La', '山罗'),
  province(19, 'Thái Nguyên', 'Thai Nguyen', '太原', ['Thái Nguyên', 'Bắc Kạn']),
  province(20, 'Lạng Sơn', 'Lang Son', '谅山'),
  province(22, 'Quảng Ninh', 'Quang Ninh', '广宁'),
  province(25, 'Phú Thọ', 'Phu Tho', '富寿', ['Phú Thọ', 'Vĩnh Phúc', 'Hòa Bình']),
  province(27, 'Bắc Ninh', 'Bac Ninh', '北宁', ['Bắc Ninh', 'Bắc Giang']),
  province(33, 'Hưng Yên', 'Hung Yen', '兴安', ['Hưng Yên', 'Thái Bình']),
  province(37, 'Ninh Bình', 'Ninh Binh', '宁平', ['Ninh Bình', 'Hà Nam', 'Nam Định']),
  province(38, 'Thanh Hóa', 'Thanh Hoa', '清化'),
  province(40, 'Nghệ An', 'Nghe An', '乂安'),
  province(42, 'Hà Tĩnh', 'Ha Tinh', '河静'),
  province(45, 'Quảng Trị', 'Quang Tri', '广治', ['Quảng Trị', 'Quảng Bình']),
  province(51, 'Quảng Ngãi', 'Quang Ngai', '广义', ['Quảng Ngãi', 'Kon Tum']),
  province(64, 'Gia Lai', 'Gia Lai', '嘉莱', ['Gia Lai', 'Bình Định']),
  province(56, 'Khánh Hòa', 'Khanh Hoa', '庆和', ['Khánh Hòa', 'Ninh Thuận']),
  province(66, 'Đắk Lắk', 'Dak Lak', '多乐', ['Đắk Lắk', 'Phú Yên']),
  province(68, 'Lâm Đồng', 'Lam Dong', '林同', ['Lâm Đồng', 'Đắk Nông', 'Bình Thuận']),
  province(75, 'Đồng Nai', 'Dong Nai', '同奈', ['Đồng Nai', 'Bình Phước']),
  province(72, 'Tây Ninh', 'Tay Ninh', '西宁', ['Tây Ninh', 'Long An']),
  province(87, 'Đồng Tháp', 'Dong Thap', '同塔', ['Đồng Tháp', 'Tiền Giang']),
  province(86, 'Vĩnh Long', 'Vinh Long', '永隆', ['Vĩnh Long', 'Bến Tre', 'Trà Vinh']),
  province(89, 'An Giang', 'An Giang', '安江', ['An Giang', 'Kiên Giang']),
  province(96, 'Cà Mau', 'Ca Mau', '金瓯', ['Cà Mau', 'Bạc Liêu']),
];

export function findProvince(id: unknown): Province | undefined {
  return PROVINCES.find((entry) => entry.id === id);
}
