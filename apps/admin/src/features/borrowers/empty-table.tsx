import { Empty } from 'antd';

/**
 * A table's text when it has no rows, drawn as antd's Empty: its description takes the theme's
 * darkened description colour, while a plain string is drawn in the disabled grey (2.3:1 on white,
 * an axe colour-contrast failure).
 */
export function emptyLocale(text: string) {
  return { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} /> };
}
