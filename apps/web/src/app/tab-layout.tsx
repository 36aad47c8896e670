import { Outlet } from 'react-router';
import { BottomNav } from './bottom-nav';
import './tab-layout.css';

/** Layout of the four pages with bottom navigation: Home, Activity, Wallet and Account. */
export function TabLayout() {
  return (
    <div className="tab-layout">
      <Outlet />
      <BottomNav />
    </div>
  );
}
