/** A dashboard user who logs in with email and password. Stream `user-{id}`. */
export type UserEvent = {
  type: 'UserRegistered';
  data: { user_id: string; business_id: string; email: string; password_hash: string; occurred_at: string };
};

export type UserCommand = {
  type: 'RegisterUser';
  userId: string;
  businessId: string;
  email: string;
  passwordHash: string;
  now: Date;
};

export interface User {
  id: string;
  businessId: string;
  email: string;
  passwordHash: string;
  createdAt: string;
}

export type UserState = User | null;
