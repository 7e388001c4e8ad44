// /{tutorUserName}: a tutor's public profile (spec §2, D8, D20, D30). No login needed.
// Issue 11 (D202): the first paint is the page's frame while the tutor is looked up (the
// prerendered HTML, D197). The lookup's machine and XState arrive after it, in a lazy chunk
// (ProfileController.tsx) that hands this page what it finds: the page keeps rendering the same
// elements, so nothing on screen is replaced when the machine takes over.
import { lazy, useState } from 'react';
import { useParams } from 'react-router-dom';
import { AfterPaint } from '../../app/AfterPaint';
import { loadInLanguage } from '../../app/loadInLanguage';
import { ProfileContent, type ProfileModel } from './ProfileContent';

const ProfileController = lazy(() => loadInLanguage(() => import('./ProfileController')));

const LOOKING_UP: ProfileModel = {
  profile: null,
  failure: null,
  retry: () => {},
  lastVerified: null,
};

function ProfileScreen({ username }: { username: string }) {
  const [model, setModel] = useState(LOOKING_UP);
  return (
    <>
      <ProfileContent {...model} />
      <AfterPaint>
        <ProfileController username={username} onModel={setModel} />
      </AfterPaint>
    </>
  );
}

export function ProfilePage() {
  const { username = '' } = useParams();
  return <ProfileScreen key={username} username={username} />;
}
