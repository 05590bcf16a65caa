import type { UserRole } from './entities/user.entity';

/** An account as the rest of the code sees it (never the password hash). */
export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  phoneNumber: string | null;
  address1: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
  postalCode: string | null;
  /** YYYY-MM-DD */
  birthdate: string | null;
  gender: string | null;
}

/** An account with its password hash, for a credential check. */
export interface UserCredentials extends User {
  passwordHash: string;
}
