// /student/login (spec §2, §4 Student login). scripts/check-budget.ts measures this module: it
// paints the layout and the phone step with React and Mantine's TextInput only (Submit is a
// plain button in Mantine's look: Mantine's Button costs ~5 KB gzip of a first paint that is
// near its budget). The machine and its effects (studentLoginController: XState, zod, the API
// client, storage) load right after; what is typed meanwhile is handed to the machine when it
// starts, and Submit waits for it. The code step and the success drawer (StudentLoginSteps)
// and the desktop payee panel (PayeeSummary) are separate chunks.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
} from 'react';
import { Link } from 'react-router-dom';
import type { LoginActorRef, LoginSnapshot } from '../../../../machines/login/login.machine';
import { messages } from '../../../domain/messages';
import { useNavigateAction } from '../../app/navigation';
import { AuthLayout, authClasses as classes } from '../../components/AuthLayout';
import { PhoneField } from '../../components/PhoneField';
import type * as Controller from './studentLoginController';

const loadController = () => import('./studentLoginController');
const loadSteps = () => import('./StudentLoginSteps');
const StudentLoginSteps = lazy(async () => ({ default: (await loadSteps()).StudentLoginSteps }));
const PayeeSummary = lazy(async () => ({
  default: (await import('./PayeeSummary')).PayeeSummary,
}));

/** The controller's chunk once it is in (or that it failed to load); the code step's next. */
function useController() {
  const [controller, setController] = useState<typeof Controller | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    let gone = false;
    loadController().then(
      (loaded) => {
        if (gone) return;
        setController(loaded);
        // The code step is next: fetch it while the student types, not after Submit.
        loadSteps().catch(() => {});
      },
      () => {
        if (!gone) setLoadFailed(true);
      },
    );
    return () => {
      gone = true;
    };
  }, []);
  return { controller, loadFailed };
}

/**
 * The actor's snapshot, kept current: what @xstate/react's useSelector is built on, written here
 * because that module brings XState into the first paint, which this page keeps out (D172).
 */
function useSnapshot(actor: LoginActorRef | null): LoginSnapshot | undefined {
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscription = actor?.subscribe({ next: changed, error: changed });
      return () => subscription?.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(
    subscribe,
    () => actor?.getSnapshot(),
    () => undefined,
  );
}

/**
 * The page: the phone step at once (StudentLoginView), the login machine as soon as its chunk is
 * in (StudentLoginActor runs it with useActorRef and hands it to the view). What is typed
 * meanwhile is the machine's starting phone, and Submit waits for it.
 */
export function StudentLoginPage() {
  const navigate = useNavigateAction();
  const { controller, loadFailed } = useController();
  const [actor, setActor] = useState<LoginActorRef | null>(null);
  const draft = useRef('');
  return (
    <>
      {controller ? (
        <controller.StudentLoginActor
          navigate={navigate}
          phone={draft.current}
          onStart={setActor}
        />
      ) : null}
      <StudentLoginView
        actor={actor}
        phoneView={controller?.phoneView ?? null}
        draft={draft}
        loadFailed={loadFailed}
      />
    </>
  );
}

/**
 * The page on a running login actor, or on none yet (the path tests render it on theirs).
 * Before the actor, the field keeps what is typed in `draft`.
 */
export function StudentLoginView({
  actor,
  phoneView,
  draft: given,
  loadFailed = false,
}: {
  actor: LoginActorRef | null;
  phoneView: typeof Controller.phoneView | null;
  draft?: { current: string };
  loadFailed?: boolean;
}) {
  const m = messages.studentLogin;
  const own = useRef('');
  const draft = given ?? own;
  const [typed, setTyped] = useState('');
  const snapshot = useSnapshot(actor);
  const view = useMemo(
    () => (snapshot && phoneView ? phoneView(snapshot) : null),
    [snapshot, phoneView],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor?.send({ type: 'phone.submit' });
  };

  const onPhoneChange = (raw: string) => {
    if (actor) actor.send({ type: 'phone.change', value: raw });
    else {
      draft.current = raw;
      setTyped(raw);
    }
  };

  return (
    <AuthLayout
      title={m.title}
      extra={
        <Suspense fallback={null}>
          <PayeeSummary />
        </Suspense>
      }
    >
      {view && !view.onPhoneStep && actor ? (
        <Suspense fallback={<span className={classes.spinner} role="status" />}>
          <StudentLoginSteps actor={actor} />
        </Suspense>
      ) : (
        <form className={classes.stack} onSubmit={onSubmit} noValidate>
          <PhoneField
            label={m.phoneLabel}
            placeholder={m.phonePlaceholder}
            value={view ? view.phone : typed}
            onChange={onPhoneChange}
            error={view?.phoneError}
            readOnly={view?.requesting}
          />
          {view?.requestError ? (
            <p className={classes.error} role="alert">
              {view.requestError}
              {view.roleConflict ? (
                <>
                  {' '}
                  <Link className={classes.link} to="/tutor/login">
                    {messages.roles.loginAsTeacher}
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          {loadFailed ? (
            <p className={classes.error} role="alert">
              {messages.generic.network}{' '}
              <button
                type="button"
                className={classes.linkButton}
                onClick={() => window.location.reload()}
              >
                {m.tryAgain}
              </button>
            </p>
          ) : null}
          <p className={classes.text}>
            {m.consentLead}{' '}
            <a className={classes.link} href="/terms-of-use" target="_blank" rel="noopener">
              {messages.footer.termsOfUse}
            </a>{' '}
            {m.consentJoin}{' '}
            <a className={classes.link} href="/privacy-policy" target="_blank" rel="noopener">
              {messages.footer.privacyPolicy}
            </a>
            {m.consentEnd}
          </p>
          <button
            type="submit"
            className={classes.submit}
            disabled={!view?.canSubmit}
            aria-busy={view?.requesting ?? false}
          >
            {m.submit}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
