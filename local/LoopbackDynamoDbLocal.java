import java.lang.reflect.Field;
import org.eclipse.jetty.server.AbstractNetworkConnector;
import org.eclipse.jetty.server.Server;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local as `npm start` and the tests run it (compiled and started by dynamodb-local.ts).
 * Its own launcher binds every interface and has no option against it; this one binds
 * 127.0.0.1 on a port the system picks, prints the port, sends no telemetry (never configured),
 * and exits when its standard input closes: that pipe is held by the Node process that started
 * it, so DynamoDB Local stops with that process however it ends, SIGKILL included.
 */
public final class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field jetty = DynamoDBProxyServer.class.getDeclaredField("server");
    jetty.setAccessible(true);
    AbstractNetworkConnector connector =
        (AbstractNetworkConnector) ((Server) jetty.get(proxy)).getConnectors()[0];
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    proxy.start();
    System.out.println("DynamoDB Local listening on 127.0.0.1:" + connector.getLocalPort());
    System.out.flush();
    while (System.in.read() != -1) {
      // Nothing is ever written; only the end of the stream matters.
    }
    try {
      proxy.stop();
    } finally {
      System.exit(0);
    }
  }
}
