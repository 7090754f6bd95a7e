import com.almworks.sqlite4java.SQLiteConnection;
import com.almworks.sqlite4java.SQLiteJob;
import com.almworks.sqlite4java.SQLiteQueue;
import com.almworks.sqlite4java.SQLiteStatement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;
import org.eclipse.jetty.server.AbstractNetworkConnector;
import org.eclipse.jetty.server.Server;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.AbstractLocalDynamoDBServerHandler;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;
import software.amazon.dynamodb.services.local.server.LocalDynamoDBRequestHandler;
import software.amazon.dynamodb.services.local.shared.access.LocalDBClient;
import software.amazon.dynamodb.services.local.shared.access.sqlite.SQLiteDBAccess;

/**
 * DynamoDB Local as `npm start` and the tests run it (compiled and started by dynamodb-local.ts).
 * Its own launcher binds every interface and has no option against it; this one binds
 * 127.0.0.1 on a port the system picks, prints the port, sends no telemetry (never configured),
 * and exits when its standard input closes: that pipe is held by the Node process that started
 * it, so DynamoDB Local stops with that process however it ends, SIGKILL included.
 *
 * With a database file (-dbPath), it also puts that file in WAL mode with synchronous=NORMAL.
 * DynamoDB Local sets no pragmas, so SQLite's defaults apply: a rollback journal and several
 * fsyncs per commit, which held it to 3-25 writes a second on these machines. In WAL mode with
 * synchronous=NORMAL a commit waits on no fsync; it survives a crash of java (SIGKILL), and only
 * an operating-system crash or power loss can lose the last commits, which a local database
 * may. temp_store=MEMORY keeps the temporary file SQLite otherwise created and deleted in
 * /var/tmp for every write in memory. WAL mode is stored in the file; the other two are per
 * connection, and DynamoDB Local uses one connection (a sqlite4java SQLiteQueue) for its life.
 */
public final class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    AbstractNetworkConnector connector =
        (AbstractNetworkConnector)
            ((Server) field(proxy, DynamoDBProxyServer.class, "server")).getConnectors()[0];
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    proxy.start();
    if (Arrays.asList(args).contains("-dbPath")) {
      try {
        System.out.println("DynamoDB Local SQLite: " + useWriteAheadLog(proxy));
      } catch (Throwable error) { // e.g. a DynamoDB Local whose internals moved: say so, stop
        error.printStackTrace();
        System.exit(1);
      }
    }
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

  /**
   * Opens the shared database now (DynamoDB Local opens it on the first request) and sets WAL,
   * synchronous=NORMAL and temp_store=MEMORY on its connection; answers the modes SQLite
   * reports afterwards.
   */
  private static String useWriteAheadLog(DynamoDBProxyServer proxy) throws Exception {
    Object serverHandler = field(proxy, DynamoDBProxyServer.class, "serverHandler");
    Object requestHandler =
        field(serverHandler, AbstractLocalDynamoDBServerHandler.class, "primaryHandler");
    Method sharedDatabase =
        LocalDynamoDBRequestHandler.class.getDeclaredMethod("getHandler", String.class);
    sharedDatabase.setAccessible(true);
    Object client = sharedDatabase.invoke(requestHandler, "shared"); // -sharedDb: any name
    Object access = field(client, LocalDBClient.class, "dbAccess");
    SQLiteQueue queue = (SQLiteQueue) field(access, SQLiteDBAccess.class, "queue");
    return queue
        .execute(
            new SQLiteJob<String>() {
              @Override
              protected String job(SQLiteConnection connection) throws Throwable {
                String journal = pragma(connection, "journal_mode = WAL");
                connection.exec("PRAGMA synchronous = NORMAL");
                connection.exec("PRAGMA temp_store = MEMORY");
                return "journal_mode=" + journal
                    + " synchronous=" + pragma(connection, "synchronous")
                    + " temp_store=" + pragma(connection, "temp_store");
              }
            })
        .complete();
  }

  private static String pragma(SQLiteConnection connection, String pragma) throws Exception {
    SQLiteStatement statement = connection.prepare("PRAGMA " + pragma);
    try {
      return statement.step() ? statement.columnString(0) : "";
    } finally {
      statement.dispose();
    }
  }

  private static Object field(Object owner, Class<?> declaring, String name) throws Exception {
    Field field = declaring.getDeclaredField(name);
    field.setAccessible(true);
    return field.get(owner);
  }
}
