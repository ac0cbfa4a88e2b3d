import { Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/i18n.ts';

export default function NotFoundPage() {
  const { t } = useT();
  return <Result status="404" title="404" subTitle={t('common.notFound')} extra={<Link to={paths.home}>{t('common.backHome')}</Link>} />;
}
