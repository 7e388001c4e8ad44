// /student/login (spec §2, §4 Student login). scripts/check-budget.ts measures this module: it
// paints the layout and the phone step with React and Mantine's TextInput only (Submit is a
// plain button in Mantine's look: Mantine's Button costs ~5 KB gzip of a first paint that is
// near its budget). The machine and its effects (studentLoginController: XState, zod, the API
// client, storage) load right after; what is typed meanwhile is handed to the machine when it
// starts, and Submit waits for it. The code step and the success drawer (StudentLoginSteps)
// and the desktop payee panel (PayeeSummary) are separate chunks.
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { LoginActorRef, LoginSnapshot } from '../../../../machines/login/login.machine';
import { messages } from '../../../domain/messages';
import { useNavigateAction, type NavigateAction } from '../../app/navigation';
import { AuthLayout, authClasses as classes } from '../../components/AuthLayout';
import { PhoneField } from '../../components/PhoneField';
import type * as Controller from './studentLoginController';

const loadController = () => import('./studentLoginController');
const loadSteps = () => import('./StudentLoginSteps');
const StudentLoginSteps = lazy(async () => ({ default: (await loadSteps()).StudentLoginSteps }));
const PayeeSummary = lazy(async () => ({
  default: (await import('./PayeeSummary')).PayeeSummary,
}));

type Session = {
  controller: typeof Controller;
  actor: LoginActorRef;
  snapshot: LoginSnapshot;
};

/**
 * Starts the machine once its chunk is in; stops it when the page goes. `draftRef` holds what
 * was typed until then (written by the change handler itself, so the machine never starts
 * with a stale draft). The snapshot is React state fed by a subscription made as the actor
 * starts, not in an effect: a keystroke right after the start still re-renders the field.
 */
function useStudentLogin(
  navigate: NavigateAction,
  draftRef: RefObject<string>,
  startLogin: StartLogin | undefined,
) {
  const [session, setSession] = useState<Session | null>(null);
  // The running actor as soon as it starts, before React commits `session`: a keystroke in
  // between must reach the machine, not a draft the machine has already read.
  const actorRef = useRef<Session['actor'] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // The machine keeps the navigate of the moment it starts: read it through a ref.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });

  useEffect(() => {
    let stopped = false;
    let stop = () => {};
    loadController().then(
      (controller) => {
        if (stopped) return;
        const actor = (startLogin ?? controller.startStudentLogin)({
          navigate: (args, params) => navigateRef.current(args, params),
          phone: draftRef.current,
        });
        const update = () => setSession((s) => s && { ...s, snapshot: actor.getSnapshot() });
        const subscription = actor.subscribe({ next: update, error: update });
        actorRef.current = actor;
        stop = () => {
          actorRef.current = null;
          subscription.unsubscribe();
          actor.stop();
        };
        setSession({ controller, actor, snapshot: actor.getSnapshot() });
        // The code step is next: fetch it while the student types, not after Submit.
        loadSteps().catch(() => {});
      },
      () => {
        if (!stopped) setLoadFailed(true);
      },
    );
    return () => {
      stopped = true;
      stop();
    };
  }, [draftRef, startLogin]);

  return { session, actorRef, loadFailed };
}

type StartLogin = typeof Controller.startStudentLogin;

/** `startLogin`: the path tests' running actor in place of the live one. */
export function StudentLoginPage({ startLogin }: { startLogin?: StartLogin }) {
  const m = messages.studentLogin;
  const navigate = useNavigateAction();
  const [draft, setDraft] = useState('');
  const draftRef = useRef('');
  const { session, actorRef, loadFailed } = useStudentLogin(navigate, draftRef, startLogin);

  const view = session ? session.controller.phoneView(session.snapshot) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    session?.actor.send({ type: 'phone.submit' });
  };

  const onPhoneChange = (raw: string) => {
    const actor = actorRef.current;
    if (actor) {
      actor.send({ type: 'phone.change', value: raw });
      // Until `session` commits, the field shows the draft: keep it equal to the machine's
      // phone, or React resets the field to a stale value and the next key replaces this one.
      setDraft(actor.getSnapshot().context.phone);
    } else {
      draftRef.current = raw;
      setDraft(raw);
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
      {view && !view.onPhoneStep && session ? (
        <Suspense fallback={<span className={classes.spinner} role="status" />}>
          <StudentLoginSteps actor={session.actor} />
        </Suspense>
      ) : (
        <form className={classes.stack} onSubmit={onSubmit} noValidate>
          <PhoneField
            label={m.phoneLabel}
            placeholder={m.phonePlaceholder}
            value={view ? view.phone : draft}
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
