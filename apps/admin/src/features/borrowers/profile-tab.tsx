import { EyeOutlined } from '@ant-design/icons';
import type { BorrowerDetail, RevealTarget } from '@sen/contract';
import { Button, Card, Descriptions, Empty, Space } from 'antd';
import { can } from '../../shared/auth/permissions.ts';
import { formatBoolean, formatDateTime, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useOperator } from '../auth/operator-query.ts';
import { certificationState, provinceName } from './borrower-labels.ts';

/** Personal data (the ID number masked, revealed with a reason), certification and the KYC images held. */
export function ProfileTab({ page, onReveal }: { page: BorrowerDetail; onReveal: (what: RevealTarget) => void }) {
  const { t, language } = useT();
  const mayReveal = can(useOperator(), 'borrowers.reveal');
  const { profile, certification } = page;
  const kyc = certification.kyc;
  return (
    <div className="stack">
      <Card title={<h2 className="card-title">{t('borrowers.profile')}</h2>}>
        {profile ? (
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('borrowers.name')}>{profile.fullName}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.idNumber')}>
              <Space>
                <span className="masked">{profile.idNumberMasked}</span>
                {mayReveal && (
                  <Button size="small" icon={<EyeOutlined />} aria-label={t('borrowers.reveal.idNumberTitle')} onClick={() => onReveal('idNumber')}>
                    {t('borrowers.reveal.idNumber')}
                  </Button>
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('borrowers.birthDate')}>{profile.birthDate}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.sex')}>{t(profile.sex === 2 ? 'borrowers.sex.female' : 'borrowers.sex.male')}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.province')}>{provinceName(profile.provinceId, language)}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.income')}>{formatVnd(profile.monthlySalaryVnd)}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.updatedAt')}>{formatDateTime(profile.updatedAt)}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description={t('borrowers.noProfile')} />
        )}
      </Card>
      <Card title={<h2 className="card-title">{t('borrowers.certification')}</h2>}>
        <Descriptions column={3} size="small" bordered>
          {certification.items.map(({ item, state }) => {
            const shown = certificationState(state);
            return (
              <Descriptions.Item key={item} label={t(`borrowers.item.${item as 'ID'}`)}>
                <StatusTag tone={shown.tone}>{t(shown.label)}</StatusTag>
              </Descriptions.Item>
            );
          })}
          <Descriptions.Item label={t('borrowers.cert.overall')}>
            <StatusTag tone={certificationState(certification.state).tone}>{t(certificationState(certification.state).label)}</StatusTag>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        title={<h2 className="card-title">{t('borrowers.kyc')}</h2>}
        extra={
          mayReveal && kyc && kyc.images.length > 0 ? (
            <Button icon={<EyeOutlined />} onClick={() => onReveal('idImages')}>
              {t('borrowers.reveal.idImages')}
            </Button>
          ) : null
        }
      >
        {kyc ? (
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('borrowers.kyc.images')}>{kyc.images.length > 0 ? kyc.images.map((side) => t(`borrowers.reveal.image.${side}`)).join(', ') : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.kyc.liveness')}>{formatBoolean(kyc.livenessPassed)}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.kyc.faceMatch')}>{kyc.faceMatchScore ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.kyc.completedAt')}>{formatDateTime(kyc.completedAt)}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description={t('borrowers.noKyc')} />
        )}
      </Card>
    </div>
  );
}
