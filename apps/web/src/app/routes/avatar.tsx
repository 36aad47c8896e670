import { AvatarPicker } from '../../features/accounts/avatar-picker';

/** Change avatar (/main/Avatar). */
export default function AvatarRoute() {
  return <AvatarPicker />;
}
