import type { ThemeConfig } from 'antd';

/**
 * Sen's teal, darkened until white text on it and it on white pass WCAG AA (4.5:1) — antd derives
 * link, focus and selected colours from it. The font stack has Vietnamese diacritics everywhere.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0b6e70',
    colorLink: '#0b6e70',
    borderRadius: 6,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6f6' },
  },
};
