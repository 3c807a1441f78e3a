import { Mail } from 'lucide-react';
import { adminToastMessages } from '../../../../common/admin-messages';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { EmailLogsPanel } from './email-logs-panel';
import { EmailServiceForm, TestEmailCard } from './email-service-form';
import { useEmailSettings } from '../../../api/admin/email-settings';
import { useLoadErrorToast, WhenLoaded } from '../shared/table-states';

function ServiceConfiguration() {
  const settings = useEmailSettings();
  useLoadErrorToast(settings.error, adminToastMessages.loadEmailSettings);
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card role="region" aria-labelledby="sendgrid-title">
        <CardHeader>
          <CardTitle id="sendgrid-title" className="flex items-center gap-2 text-lg">
            <Mail className="size-5 text-primary" aria-hidden />
            SendGrid
          </CardTitle>
          <CardDescription>
            The service that delivers verification, password reset and welcome emails. Without a key, emails are written
            to the outbox in Email Logs.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <WhenLoaded
            query={settings}
            loadingLabel="Loading email settings..."
            errorTitle={adminToastMessages.loadEmailSettings}
          >
            {(data) => (
              // Re-created after each load, so a save shows the newly saved values and clears the key field.
              <EmailServiceForm key={settings.dataUpdatedAt} settings={data} />
            )}
          </WhenLoaded>
        </CardContent>
      </Card>
      <TestEmailCard />
    </div>
  );
}

export function EmailSettingsSection() {
  return (
    <Tabs defaultValue="service" className="grid grid-cols-1 gap-2">
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="service" className="flex-auto whitespace-nowrap">
          Service Configuration
        </TabsTrigger>
        <TabsTrigger value="logs" className="flex-auto whitespace-nowrap">
          Email Logs
        </TabsTrigger>
      </TabsList>
      <TabsContent value="service">
        <ServiceConfiguration />
      </TabsContent>
      <TabsContent value="logs">
        <EmailLogsPanel />
      </TabsContent>
    </Tabs>
  );
}
