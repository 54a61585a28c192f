import {
  BeforeApplicationShutdown,
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  Logger,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CommandPath } from './command-path/command-path';
import { StreamFolds } from './command-path/stream-folds';
import { StreamStates } from './command-path/stream-states';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EventStore } from './event-store';
import { configurePersonalData, PersonalDataVault } from './personal-data/personal-data';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionRunner, ProjectionRunnerOptions } from './projection-runner';

export interface EventStoreModuleOptions {
  /** Run the projections in this process. Default: on, unless the environment says `PROJECTIONS=off`. */
  runProjections?: boolean;
  runner?: ProjectionRunnerOptions;
}

export const EVENT_STORE_OPTIONS = Symbol('EVENT_STORE_OPTIONS');

function optionsFromEnvironment(): EventStoreModuleOptions {
  return { runProjections: process.env.PROJECTIONS !== 'off' };
}

/**
 * Starts the runner once every module has registered its projections (they do so in `onModuleInit`), and
 * stops it before any `onApplicationShutdown`, so batches finish while the DataSource is still open.
 */
@Injectable()
export class ProjectionRunnerLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(EVENT_STORE_OPTIONS) private readonly options: EventStoreModuleOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.runProjections === false) return;
    await this.runner.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.runner.stop();
  }
}

/**
 * The event store, the command path (with the registry of stream folds each context fills), the projection
 * registry and the runner for the whole application. Needs the TypeORM
 * `DataSource` (from `TypeOrmModule`). Import it once, plainly or through `forRoot` to set options.
 */
@Global()
@Module({
  providers: [
    { provide: EVENT_STORE_OPTIONS, useFactory: optionsFromEnvironment },
    {
      provide: EventStore,
      useFactory: (dataSource: DataSource, config: AppConfig | undefined) => {
        // Personal fields in events are sealed under keys wrapped by this secret (ADR 053).
        if (config) configurePersonalData(dataSource, new PersonalDataVault(config.personalDataKey));
        return new EventStore(dataSource);
      },
      inject: [DataSource, { token: APP_CONFIG, optional: true }],
    },
    ProjectionRegistry,
    {
      provide: ProjectionRunner,
      useFactory: (dataSource: DataSource, registry: ProjectionRegistry, options: EventStoreModuleOptions) =>
        new ProjectionRunner(dataSource, registry, { logger: new Logger('Projections'), ...options.runner }),
      inject: [DataSource, ProjectionRegistry, EVENT_STORE_OPTIONS],
    },
    ProjectionRunnerLifecycle,
    StreamFolds,
    StreamStates,
    CommandPath,
  ],
  exports: [EventStore, ProjectionRegistry, ProjectionRunner, StreamFolds, CommandPath],
})
export class EventStoreModule {
  static forRoot(options: EventStoreModuleOptions = {}): DynamicModule {
    return {
      module: EventStoreModule,
      global: true,
      providers: [{ provide: EVENT_STORE_OPTIONS, useValue: { ...optionsFromEnvironment(), ...options } }],
    };
  }
}
