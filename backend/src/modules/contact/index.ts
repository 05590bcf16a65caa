export { ContactModule } from './contact.module';
