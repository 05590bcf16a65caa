import { Link } from 'react-router';
import { useSession } from '@healthlink/web-runtime';
import { buttonClassName } from '@healthlink/web-ui';

/** Under a result on the public lookup: saving a drug and getting its coupons need an account. */
export function SignUpInvite() {
  const { isLoggedIn } = useSession();
  return (
    <div className="drug-lookup__invite">
      {isLoggedIn ? (
        <>
          <p>Save this drug to your list to follow its prices and find coupons.</p>
          <Link to="/drugEntry" className={buttonClassName('primary')}>
            Add it to my drugs
          </Link>
        </>
      ) : (
        <>
          <p>Create a free account to save this drug, follow its prices and get coupons.</p>
          <Link to="/register" className={buttonClassName('primary')}>
            Sign up to save it
          </Link>
        </>
      )}
    </div>
  );
}
