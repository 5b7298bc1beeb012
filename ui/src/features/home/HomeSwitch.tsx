import { Spinner } from '@chakra-ui/react';
import { Suspense } from 'react';
import { lazy } from '../../i18n/lazy';
import { mayOpen } from '@conversa/contracts/session/roles';
import { useAppSelector } from '../../app/store';

const DashboardPage = lazy(() => import('../dashboard/DashboardPage'));
const HomePage = lazy(() => import('./HomePage'));

/** `/`: the dashboard for an admin or a user with showDashboard (spec 3 §6); the account summary for everyone else. */
export default function HomeSwitch() {
  const user = useAppSelector((state) => state.session.user)!;
  return <Suspense fallback={<Spinner />}>{mayOpen(user, 'dashboard') ? <DashboardPage /> : <HomePage />}</Suspense>;
}
