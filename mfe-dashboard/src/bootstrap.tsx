import '@healthlink/web-ui/styles/base.css';
import { mountStandalone } from '@healthlink/web-runtime';
import RemoteApp from './remote-entry';

mountStandalone('mfe_dashboard', RemoteApp);
