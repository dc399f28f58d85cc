import { Link } from 'react-router';
import { paths } from '@inkwell/contract';
import { buttonStyles } from '../../../components/Button';

/** The footer of the forgot and reset password screens: back to LOGIN. */
export function RememberedIt() {
  return (
    <>
      Remembered it?{' '}
      <Link to={paths.login.getHref()} className={buttonStyles.link}>
        LOGIN
      </Link>
    </>
  );
}
