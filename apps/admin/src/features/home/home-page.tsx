import type { Permission } from '@sen/contract';
import { Card, Col, Row, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { menuFor } from '../../app/menu.tsx';
import { can } from '../../shared/auth/permissions.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { useOperator } from '../auth/operator-query.ts';
import { DataRequestsDueCard } from '../privacy/index.ts';
import { PendingProposalsCard } from './pending-proposals-card.tsx';

/** The home: who is signed in and what their role may do, the four-eyes queue (the funnel is on the dashboards, decision 102). */
export default function HomePage() {
  const { t } = useT();
  const operator = useOperator();
  const sections = menuFor(operator).filter((entry) => entry.path !== '/');
  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('home.title', { name: operator.name || operator.email })}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
      </header>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={<h2 className="card-title">{t('home.yourRole', { role: t(`role.${operator.role}`) })}</h2>}>
            <ul className="permission-list" aria-label={t('home.permissions')}>
              {operator.permissions.map((permission: Permission) => (
                <li key={permission}>
                  <Tag>{t(`permission.${permission}`)}</Tag>
                </li>
              ))}
            </ul>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={<h2 className="card-title">{t('home.sections')}</h2>}>
            <ul className="section-list">
              {sections.map((entry) => (
                <li key={entry.path}>
                  <Link to={entry.path}>
                    <span aria-hidden="true">{entry.icon}</span> {t(entry.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </Col>
        {can(operator, 'proposals.read') && (
          <Col xs={24} lg={12}>
            <PendingProposalsCard />
          </Col>
        )}
        {can(operator, 'privacy.requests') && (
          <Col xs={24} lg={12}>
            <DataRequestsDueCard />
          </Col>
        )}
      </Row>
    </div>
  );
}
