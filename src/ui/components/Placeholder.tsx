import { messages } from '../../domain/messages';

/**
 * Stands in for a screen that is not built yet: its name as the page heading. Plain elements
 * styled with Mantine's CSS variables, so a placeholder route loads no component JS or CSS.
 */
export function Placeholder({ title }: { title: string }) {
  return (
    <main
      style={{
        maxWidth: 'var(--container-size-sm, 540px)',
        margin: '0 auto',
        padding: 'var(--mantine-spacing-xl) var(--mantine-spacing-md)',
      }}
    >
      <h1
        style={{
          margin: 0,
          fontSize: 'var(--mantine-h1-font-size)',
          lineHeight: 'var(--mantine-h1-line-height)',
          fontWeight: 'var(--mantine-h1-font-weight)',
        }}
      >
        {title}
      </h1>
      <p style={{ color: 'var(--mantine-color-dimmed)' }}>{messages.placeholder.comingSoon}</p>
    </main>
  );
}
