import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { adminEndpoints } from '@sen/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Layout, Menu, Space, Typography } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { forgetOperator, useOperator } from '../../features/auth/operator-query.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { callAdmin } from '../../shared/request/call-admin.ts';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { menuFor, selectedEntry } from '../menu.tsx';
import { paths } from '../paths.ts';

/** The signed-in frame: the side menu (what the role may use), the operator, language, sign-out. */
export function AdminLayout() {
  const { t } = useT();
  const operator = useOperator();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: () => callAdmin(adminEndpoints.logout, {}),
    // Signed out either way: a failed call (session already gone) must not keep the operator in.
    onSettled: () => {
      forgetOperator();
      void navigate(paths.signIn, { replace: true });
    },
  });
  return (
    <Layout className="admin-layout">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Layout.Sider width={232} theme="light" className="admin-layout__sider">
        <div className="admin-layout__brand">
          <span aria-hidden="true" className="admin-layout__logo">
            S
          </span>
          <span>{t('app.name')}</span>
        </div>
        <nav aria-label={t('menu.label')}>
          <Menu
            mode="inline"
            selectedKeys={[selectedEntry(location.pathname)]}
            onClick={({ key }) => void navigate(key)}
            items={menuFor(operator).map((entry) => ({ key: entry.path, icon: entry.icon, label: t(entry.label) }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-layout__header">
          <Space size="middle">
            <LanguageSwitch />
            <Space size={6}>
              <UserOutlined aria-hidden="true" />
              <Typography.Text strong data-testid="operator-name">
                {operator.name || operator.email}
              </Typography.Text>
              <StatusTag tone="brand">{t(`role.${operator.role}`)}</StatusTag>
            </Space>
            <Button icon={<LogoutOutlined />} onClick={() => signOut.mutate()} loading={signOut.isPending}>
              {t('signIn.signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content id="main" tabIndex={-1} className="admin-layout__content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
