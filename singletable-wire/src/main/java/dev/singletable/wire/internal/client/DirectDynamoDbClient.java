package dev.singletable.wire.internal.client;

import java.net.URI;

import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalTableResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteResourcePolicyRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteResourcePolicyResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeEndpointsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeEndpointsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeExportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeExportResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableSettingsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableSettingsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeKinesisStreamingDestinationResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeLimitsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeLimitsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableReplicaAutoScalingRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableReplicaAutoScalingResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.DisableKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.DisableKinesisStreamingDestinationResponse;
import software.amazon.awssdk.services.dynamodb.model.EnableKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.EnableKinesisStreamingDestinationResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetResourcePolicyRequest;
import software.amazon.awssdk.services.dynamodb.model.GetResourcePolicyResponse;
import software.amazon.awssdk.services.dynamodb.model.ImportTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ImportTableResponse;
import software.amazon.awssdk.services.dynamodb.model.ListBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListBackupsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListExportsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListExportsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListGlobalTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListGlobalTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.ListImportsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListImportsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutResourcePolicyRequest;
import software.amazon.awssdk.services.dynamodb.model.PutResourcePolicyResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableFromBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableFromBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableToPointInTimeResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TagResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.TagResourceResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UntagResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.UntagResourceResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableSettingsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableSettingsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateKinesisStreamingDestinationResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableReplicaAutoScalingRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableReplicaAutoScalingResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveResponse;

/**
 * singletable's wire client ({@code WireClient}): a {@link DynamoDbClient} for the operations singletable and its
 * tools send (20 of the SDK's 57), each a request written as JSON, signed, sent and retried by
 * {@link SignedExchange}, its response read back into the SDK's model. Every other operation fails at once with
 * {@link UnsupportedOperationException} naming it: build the SDK's own client for those.
 */
public final class DirectDynamoDbClient implements DynamoDbClient {
    private final SignedExchange exchange;

    private DirectDynamoDbClient(SignedExchange exchange) {
        this.exchange = exchange;
    }

    /** A client sending to {@code endpoint}, signing for {@code region}; see {@code WireClient} for each setting. */
    public static DynamoDbClient create(URI endpoint, Region region, AwsCredentialsProvider credentials, SdkHttpClient http,
                                        RetryStrategy retries) {
        return new DirectDynamoDbClient(new SignedExchange(endpoint, region, credentials, PendingHttpClient.given(http), retries));
    }

    /**
     * A client whose HTTP client is built from {@code httpBuilder} on a daemon thread starting now, waited for by the
     * first call and closed by {@link #close()}; see {@code WireClient.Builder.httpClientBuilder}.
     */
    public static DynamoDbClient building(URI endpoint, Region region, AwsCredentialsProvider credentials,
                                          SdkHttpClient.Builder<?> httpBuilder, RetryStrategy retries) {
        return new DirectDynamoDbClient(new SignedExchange(endpoint, region, credentials, PendingHttpClient.building(httpBuilder, endpoint), retries));
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public DynamoDbServiceClientConfiguration serviceClientConfiguration() {
        return DynamoDbServiceClientConfiguration.builder().region(exchange.region()).endpointOverride(exchange.endpoint())
                .overrideConfiguration(ClientOverrideConfiguration.builder().build()).build();
    }

    /**
     * Closes the HTTP client built from the caller's {@code httpClientBuilder}, after waiting for its building thread;
     * an HTTP client given ready ({@code httpClient}) and the credentials provider are the caller's, and stay open.
     */
    @Override
    public void close() {
        exchange.close();
    }

    @Override
    public String toString() {
        return "singletable wire client for " + exchange.endpoint() + " (" + exchange.region() + ")";
    }

    private static UnsupportedOperationException unsupported(String operation) {
        return new UnsupportedOperationException(operation + " is not sent by singletable's wire client (WireClient), which "
                + "sends only the operations singletable uses; send " + operation + " with a DynamoDbClient built by the SDK "
                + "(DynamoDbClient.builder()), which can share the HTTP client and credentials provider");
    }

    @Override
    public BatchExecuteStatementResponse batchExecuteStatement(BatchExecuteStatementRequest request) {
        return exchange.send("BatchExecuteStatement", request, BatchExecuteStatementResponse.builder(), BatchExecuteStatementResponse.class);
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        return exchange.send("BatchGetItem", request, BatchGetItemResponse.builder(), BatchGetItemResponse.class);
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        return exchange.send("BatchWriteItem", request, BatchWriteItemResponse.builder(), BatchWriteItemResponse.class);
    }

    @Override
    public CreateTableResponse createTable(CreateTableRequest request) {
        return exchange.send("CreateTable", request, CreateTableResponse.builder(), CreateTableResponse.class);
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest request) {
        return exchange.send("DeleteItem", request, DeleteItemResponse.builder(), DeleteItemResponse.class);
    }

    @Override
    public DeleteTableResponse deleteTable(DeleteTableRequest request) {
        return exchange.send("DeleteTable", request, DeleteTableResponse.builder(), DeleteTableResponse.class);
    }

    @Override
    public DescribeTableResponse describeTable(DescribeTableRequest request) {
        return exchange.send("DescribeTable", request, DescribeTableResponse.builder(), DescribeTableResponse.class);
    }

    @Override
    public DescribeTimeToLiveResponse describeTimeToLive(DescribeTimeToLiveRequest request) {
        return exchange.send("DescribeTimeToLive", request, DescribeTimeToLiveResponse.builder(), DescribeTimeToLiveResponse.class);
    }

    @Override
    public ExecuteStatementResponse executeStatement(ExecuteStatementRequest request) {
        return exchange.send("ExecuteStatement", request, ExecuteStatementResponse.builder(), ExecuteStatementResponse.class);
    }

    @Override
    public ExecuteTransactionResponse executeTransaction(ExecuteTransactionRequest request) {
        return exchange.send("ExecuteTransaction", request, ExecuteTransactionResponse.builder(), ExecuteTransactionResponse.class);
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return exchange.send("GetItem", request, GetItemResponse.builder(), GetItemResponse.class);
    }

    @Override
    public ListTablesResponse listTables(ListTablesRequest request) {
        return exchange.send("ListTables", request, ListTablesResponse.builder(), ListTablesResponse.class);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return exchange.send("PutItem", request, PutItemResponse.builder(), PutItemResponse.class);
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return exchange.send("Query", request, QueryResponse.builder(), QueryResponse.class);
    }

    @Override
    public ScanResponse scan(ScanRequest request) {
        return exchange.send("Scan", request, ScanResponse.builder(), ScanResponse.class);
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
        return exchange.send("TransactGetItems", request, TransactGetItemsResponse.builder(), TransactGetItemsResponse.class);
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return exchange.send("TransactWriteItems", request, TransactWriteItemsResponse.builder(), TransactWriteItemsResponse.class);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return exchange.send("UpdateItem", request, UpdateItemResponse.builder(), UpdateItemResponse.class);
    }

    @Override
    public UpdateTableResponse updateTable(UpdateTableRequest request) {
        return exchange.send("UpdateTable", request, UpdateTableResponse.builder(), UpdateTableResponse.class);
    }

    @Override
    public UpdateTimeToLiveResponse updateTimeToLive(UpdateTimeToLiveRequest request) {
        return exchange.send("UpdateTimeToLive", request, UpdateTimeToLiveResponse.builder(), UpdateTimeToLiveResponse.class);
    }

    @Override
    public CreateBackupResponse createBackup(CreateBackupRequest request) {
        throw unsupported("CreateBackup");
    }

    @Override
    public CreateGlobalTableResponse createGlobalTable(CreateGlobalTableRequest request) {
        throw unsupported("CreateGlobalTable");
    }

    @Override
    public DeleteBackupResponse deleteBackup(DeleteBackupRequest request) {
        throw unsupported("DeleteBackup");
    }

    @Override
    public DeleteResourcePolicyResponse deleteResourcePolicy(DeleteResourcePolicyRequest request) {
        throw unsupported("DeleteResourcePolicy");
    }

    @Override
    public DescribeBackupResponse describeBackup(DescribeBackupRequest request) {
        throw unsupported("DescribeBackup");
    }

    @Override
    public DescribeContinuousBackupsResponse describeContinuousBackups(DescribeContinuousBackupsRequest request) {
        throw unsupported("DescribeContinuousBackups");
    }

    @Override
    public DescribeContributorInsightsResponse describeContributorInsights(DescribeContributorInsightsRequest request) {
        throw unsupported("DescribeContributorInsights");
    }

    @Override
    public DescribeEndpointsResponse describeEndpoints(DescribeEndpointsRequest request) {
        throw unsupported("DescribeEndpoints");
    }

    @Override
    public DescribeExportResponse describeExport(DescribeExportRequest request) {
        throw unsupported("DescribeExport");
    }

    @Override
    public DescribeGlobalTableResponse describeGlobalTable(DescribeGlobalTableRequest request) {
        throw unsupported("DescribeGlobalTable");
    }

    @Override
    public DescribeGlobalTableSettingsResponse describeGlobalTableSettings(DescribeGlobalTableSettingsRequest request) {
        throw unsupported("DescribeGlobalTableSettings");
    }

    @Override
    public DescribeImportResponse describeImport(DescribeImportRequest request) {
        throw unsupported("DescribeImport");
    }

    @Override
    public DescribeKinesisStreamingDestinationResponse describeKinesisStreamingDestination(DescribeKinesisStreamingDestinationRequest request) {
        throw unsupported("DescribeKinesisStreamingDestination");
    }

    @Override
    public DescribeLimitsResponse describeLimits(DescribeLimitsRequest request) {
        throw unsupported("DescribeLimits");
    }

    @Override
    public DescribeTableReplicaAutoScalingResponse describeTableReplicaAutoScaling(DescribeTableReplicaAutoScalingRequest request) {
        throw unsupported("DescribeTableReplicaAutoScaling");
    }

    @Override
    public DisableKinesisStreamingDestinationResponse disableKinesisStreamingDestination(DisableKinesisStreamingDestinationRequest request) {
        throw unsupported("DisableKinesisStreamingDestination");
    }

    @Override
    public EnableKinesisStreamingDestinationResponse enableKinesisStreamingDestination(EnableKinesisStreamingDestinationRequest request) {
        throw unsupported("EnableKinesisStreamingDestination");
    }

    @Override
    public ExportTableToPointInTimeResponse exportTableToPointInTime(ExportTableToPointInTimeRequest request) {
        throw unsupported("ExportTableToPointInTime");
    }

    @Override
    public GetResourcePolicyResponse getResourcePolicy(GetResourcePolicyRequest request) {
        throw unsupported("GetResourcePolicy");
    }

    @Override
    public ImportTableResponse importTable(ImportTableRequest request) {
        throw unsupported("ImportTable");
    }

    @Override
    public ListBackupsResponse listBackups(ListBackupsRequest request) {
        throw unsupported("ListBackups");
    }

    @Override
    public ListContributorInsightsResponse listContributorInsights(ListContributorInsightsRequest request) {
        throw unsupported("ListContributorInsights");
    }

    @Override
    public ListExportsResponse listExports(ListExportsRequest request) {
        throw unsupported("ListExports");
    }

    @Override
    public ListGlobalTablesResponse listGlobalTables(ListGlobalTablesRequest request) {
        throw unsupported("ListGlobalTables");
    }

    @Override
    public ListImportsResponse listImports(ListImportsRequest request) {
        throw unsupported("ListImports");
    }

    @Override
    public ListTagsOfResourceResponse listTagsOfResource(ListTagsOfResourceRequest request) {
        throw unsupported("ListTagsOfResource");
    }

    @Override
    public PutResourcePolicyResponse putResourcePolicy(PutResourcePolicyRequest request) {
        throw unsupported("PutResourcePolicy");
    }

    @Override
    public RestoreTableFromBackupResponse restoreTableFromBackup(RestoreTableFromBackupRequest request) {
        throw unsupported("RestoreTableFromBackup");
    }

    @Override
    public RestoreTableToPointInTimeResponse restoreTableToPointInTime(RestoreTableToPointInTimeRequest request) {
        throw unsupported("RestoreTableToPointInTime");
    }

    @Override
    public TagResourceResponse tagResource(TagResourceRequest request) {
        throw unsupported("TagResource");
    }

    @Override
    public UntagResourceResponse untagResource(UntagResourceRequest request) {
        throw unsupported("UntagResource");
    }

    @Override
    public UpdateContinuousBackupsResponse updateContinuousBackups(UpdateContinuousBackupsRequest request) {
        throw unsupported("UpdateContinuousBackups");
    }

    @Override
    public UpdateContributorInsightsResponse updateContributorInsights(UpdateContributorInsightsRequest request) {
        throw unsupported("UpdateContributorInsights");
    }

    @Override
    public UpdateGlobalTableResponse updateGlobalTable(UpdateGlobalTableRequest request) {
        throw unsupported("UpdateGlobalTable");
    }

    @Override
    public UpdateGlobalTableSettingsResponse updateGlobalTableSettings(UpdateGlobalTableSettingsRequest request) {
        throw unsupported("UpdateGlobalTableSettings");
    }

    @Override
    public UpdateKinesisStreamingDestinationResponse updateKinesisStreamingDestination(UpdateKinesisStreamingDestinationRequest request) {
        throw unsupported("UpdateKinesisStreamingDestination");
    }

    @Override
    public UpdateTableReplicaAutoScalingResponse updateTableReplicaAutoScaling(UpdateTableReplicaAutoScalingRequest request) {
        throw unsupported("UpdateTableReplicaAutoScaling");
    }
}
