// /{tutorUserName}: a tutor's public profile (spec §2, D8, D20, D30). No login needed.
// Issue 11 (D202): the first paint is the page's frame while the tutor is looked up (the
// prerendered HTML, D197); the lookup's machine and XState arrive in a lazy chunk after it
// (ProfileScreen.tsx), which renders the same frame until the tutor is found.
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { AfterPaint } from '../../app/AfterPaint';
import { loadInLanguage } from '../../app/loadInLanguage';
import { ProfileLookup } from './ProfileLookup';

const ProfileScreen = lazy(() => loadInLanguage(() => import('./ProfileScreen')));

const noRetry = () => {};

export function ProfilePage() {
  const { username = '' } = useParams();
  return (
    <AfterPaint fallback={<ProfileLookup failure={null} onRetry={noRetry} />}>
      <ProfileScreen key={username} username={username} />
    </AfterPaint>
  );
}
