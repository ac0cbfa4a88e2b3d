import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, StopOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

const ICONS = {
  warning: <ExclamationCircleFilled style={{ fontSize: 56, color: '#faad14' }} aria-hidden />,
  forbidden: <StopOutlined style={{ fontSize: 56, color: '#cf1322' }} aria-hidden />,
  success: <CheckCircleFilled style={{ fontSize: 56, color: '#389e0d' }} aria-hidden />,
  error: <CloseCircleFilled style={{ fontSize: 56, color: '#cf1322' }} aria-hidden />,
} as const;

/**
 * A centred notice with an icon, a title, a line and an action: what antd's Result draws, without
 * its illustrations (Result imports its 403/404/500 pictures whatever the status, about 8 KB gzip
 * of the first load for two notices that never show them).
 */
export function StatusPanel({ kind, title, subTitle, extra }: { kind: keyof typeof ICONS; title: ReactNode; subTitle?: ReactNode; extra?: ReactNode }) {
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 32px', textAlign: 'center' }}>
      {ICONS[kind]}
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {subTitle ? <Typography.Text type="secondary">{subTitle}</Typography.Text> : null}
      {extra ? <div style={{ marginTop: 12 }}>{extra}</div> : null}
    </Flex>
  );
}
