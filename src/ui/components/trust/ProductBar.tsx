// The product's mark at the top of the money screens (issue 13): a parent sees whose page
// this is before anything else. A link home; plain elements, no component JavaScript.
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../domain/messages';
import classes from './trust.module.css';

export function ProductBar() {
  return (
    <header className={classes.bar}>
      <div className={classes.barInner}>
        <Link to="/" className={classes.brand}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <rect width="24" height="24" rx="6" fill="currentColor" />
            <path fill="#fff" d="M6 7h12v2.4h-4.8V18h-2.4V9.4H6z" />
          </svg>
          {PRODUCT_NAME}
        </Link>
      </div>
    </header>
  );
}
