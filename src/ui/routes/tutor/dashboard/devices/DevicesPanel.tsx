// The tutor dashboard's Devices tab (D242): where the tutor is logged in, and logging one out.
import { DevicesList } from '../../../../components/DevicesList';
import type { TutorTabPanelProps } from '../tutorTabs';

export function DevicesPanel(_props: TutorTabPanelProps) {
  return <DevicesList />;
}
